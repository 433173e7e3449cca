/**
 * A function's own length: its lines less those of the functions nested in it (each nested
 * function is measured on its own, and its first line stays with the caller). So a factory that
 * returns a handful of short methods is judged by its methods, while one long body is refused.
 * React components (a capitalised function in a .tsx file) get their own, larger limit.
 */

function nameOf(node) {
  if (node.id?.name) {
    return node.id.name;
  }
  let parent = node.parent;
  // memo(function …), forwardRef((props, ref) => …)
  if (parent?.type === 'CallExpression') {
    parent = parent.parent;
  }
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') {
    return parent.id.name;
  }
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key.name) {
    return parent.key.name;
  }
  return null;
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Limit the lines of each function, not counting nested functions.' },
    schema: [
      {
        type: 'object',
        properties: {
          max: { type: 'integer', minimum: 1 },
          componentMax: { type: 'integer', minimum: 1 },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      tooLong:
        '{{what}} has {{lines}} lines of its own (nested functions not counted); at most {{max}}. Split it into pieces with one job each.',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 80;
    const componentMax = context.options[0]?.componentMax ?? 250;
    const inTsx = context.filename.endsWith('.tsx');
    const frames = [];
    const enter = () => frames.push({ nestedLines: 0 });
    const exit = (node) => {
      const frame = frames.pop();
      const lines = node.loc.end.line - node.loc.start.line + 1;
      if (frames.length > 0) {
        frames[frames.length - 1].nestedLines += lines - 1;
      }
      const own = lines - frame.nestedLines;
      const name = nameOf(node);
      const component = inTsx && name !== null && /^[A-Z]/.test(name);
      const limit = component ? componentMax : max;
      if (own > limit) {
        context.report({
          node,
          loc: { start: node.loc.start, end: node.loc.start },
          messageId: 'tooLong',
          data: {
            what: `${component ? 'Component' : 'Function'} '${name ?? '(anonymous)'}'`,
            lines: own,
            max: limit,
          },
        });
      }
    };
    return {
      FunctionDeclaration: enter,
      FunctionExpression: enter,
      ArrowFunctionExpression: enter,
      'FunctionDeclaration:exit': exit,
      'FunctionExpression:exit': exit,
      'ArrowFunctionExpression:exit': exit,
    };
  },
};
