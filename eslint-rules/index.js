import maxFunctionLines from './max-function-lines.js';
import noTypeImportCycle from './no-type-import-cycle.js';

/** The repository's own lint rules, for what no published rule checks. */
export default {
  meta: { name: 'local' },
  rules: {
    'max-function-lines': maxFunctionLines,
    'no-type-import-cycle': noTypeImportCycle,
  },
};
