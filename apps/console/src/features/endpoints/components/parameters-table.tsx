import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

import type { ParameterRow } from '../lib/openapi';

/** Parameters with their type, whether they are required and what they mean. */
export function ParametersTable({ rows, label }: { rows: ParameterRow[]; label: string }) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Parameter</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Required</TableHead>
          <TableHead>Description</TableHead>
        </TableRow>
      </TableHeader>
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
