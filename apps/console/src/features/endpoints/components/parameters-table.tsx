import { Table, TableBody, TableCell, TableHeadings, TableRow } from '@/components/ui/table';

import type { ParameterRow } from '../lib/openapi';

/** Parameters with their type, whether they are required and what they mean. */
export function ParametersTable({ rows, label }: { rows: ParameterRow[]; label: string }) {
  return (
    <Table aria-label={label}>
      <TableHeadings labels={['Parameter', 'Type', 'Required', 'Description']} />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name}>
            <TableCell className="font-mono text-xs">{row.name}</TableCell>
            <TableCell className="font-mono text-xs">{row.type}</TableCell>
            <TableCell>{row.required ? 'Yes' : 'No'}</TableCell>
            <TableCell className="min-w-48 text-muted-foreground">{row.description}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
