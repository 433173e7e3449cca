import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

import type { ChartRow, StackedSeries } from '../lib/chart-data';
import { formatCount, formatLatency } from '../lib/metric-format';

/** Colours readable on both themes' cards (checked against #ffffff and #0f172a). */
const STATUS_COLOURS: Record<string, string> = {
  '1xx': '#64748b',
  '2xx': '#16a34a',
  '3xx': '#0891b2',
  '4xx': '#d97706',
  '5xx': '#dc2626',
};
const SERIES_COLOURS = [
  '#2563eb',
  '#9333ea',
  '#ea580c',
  '#0d9488',
  '#db2777',
  '#65a30d',
  '#64748b',
];
const PERCENTILES = [
  { key: 'p50', label: 'p50', colour: '#2563eb' },
  { key: 'p95', label: 'p95', colour: '#9333ea' },
  { key: 'p99', label: 'p99', colour: '#ea580c' },
] as const;

const axis = { stroke: 'var(--muted-foreground)', fontSize: 12, tickLine: false } as const;
const tooltipStyle = {
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    fontSize: 12,
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
  cursor: { fill: 'var(--muted)', opacity: 0.5 },
};

/** How a bucket's start is written: times within a day, dates beyond. */
export function tickFormatter(intervalSeconds: number): (start: string) => string {
  const format = new Intl.DateTimeFormat(
    undefined,
    intervalSeconds >= 86_400
      ? { month: 'short', day: 'numeric' }
      : intervalSeconds >= 21_600
        ? { month: 'short', day: 'numeric', hour: 'numeric' }
        : { hour: '2-digit', minute: '2-digit' },
  );
  return (start) => format.format(new Date(start));
}

function ChartFrame({
  title,
  description,
  chart,
  table,
}: {
  title: string;
  description: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <figure className="space-y-3">
      <figcaption>
        <h3 className="text-sm font-semibold">{title}</h3>
        <p className="text-xs text-muted-foreground">{description}</p>
      </figcaption>
      {/* The drawing is for sighted users; the table below says the same to everyone. */}
      <div className="h-56 w-full" aria-hidden="true">
        {chart}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
          {title} as a table
        </summary>
        <div className="mt-2 max-h-64 overflow-y-auto">{table}</div>
      </details>
    </figure>
  );
}

function SeriesTable({
  caption,
  rows: allRows,
  columns,
  tick,
  format,
}: {
  caption: string;
  rows: ChartRow[];
  columns: Array<{ key: string; label: string }>;
  tick: (start: string) => string;
  format: (value: number | null) => string;
}) {
  // Intervals without a value say nothing a reader needs to step through.
  const rows = allRows.filter((row) =>
    columns.some((column) => typeof row[column.key] === 'number' && row[column.key] !== 0),
  );
  if (rows.length === 0) {
    return <p className="text-muted-foreground">Nothing in this period.</p>;
  }
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Interval starting</TableHead>
          {columns.map((column) => (
            <TableHead key={column.key} className="text-right">
              {column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.start}>
            <TableCell>
              <time dateTime={row.start}>{tick(row.start)}</time>
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.key} className="text-right tabular-nums">
                {format((row[column.key] as number | null | undefined) ?? null)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Axis ticks: whole milliseconds past 10 ms, so labels stay on one line. */
const axisLatency = (ms: number) =>
  ms >= 1000 ? formatLatency(ms) : `${ms >= 10 ? Math.round(ms) : Number(ms.toFixed(1))} ms`;

const countOrZero = (value: number | null) => formatCount(value ?? 0);

export function StackedBarsChart({
  title,
  description,
  stacked,
  intervalSeconds,
  colours = 'series',
}: {
  title: string;
  description: string;
  stacked: StackedSeries;
  intervalSeconds: number;
  colours?: 'status' | 'series';
}) {
  const tick = tickFormatter(intervalSeconds);
  const colourOf = (key: string, index: number) =>
    colours === 'status'
      ? (STATUS_COLOURS[key] ?? SERIES_COLOURS[index % SERIES_COLOURS.length]!)
      : SERIES_COLOURS[index % SERIES_COLOURS.length]!;
  return (
    <ChartFrame
      title={title}
      description={description}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={stacked.rows}
            margin={{ top: 4, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="start" tickFormatter={tick} {...axis} minTickGap={24} />
            <YAxis allowDecimals={false} {...axis} />
            <Tooltip labelFormatter={(start) => tick(String(start))} {...tooltipStyle} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {stacked.keys.map(({ key, label }, index) => (
              <Bar
                key={key}
                dataKey={key}
                name={label}
                stackId="stack"
                fill={colourOf(key, index)}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <SeriesTable
          caption={title}
          rows={stacked.rows}
          columns={stacked.keys}
          tick={tick}
          format={countOrZero}
        />
      }
    />
  );
}

export function PercentilesChart({
  title,
  description,
  rows,
  intervalSeconds,
  emptyMessage,
}: {
  title: string;
  description: string;
  rows: ChartRow[];
  intervalSeconds: number;
  /** Said instead of an empty chart. */
  emptyMessage: string;
}) {
  const tick = tickFormatter(intervalSeconds);
  const empty = rows.every((row) => row.p50 === null);
  return (
    <ChartFrame
      title={title}
      description={description}
      chart={
        empty ? (
          <p className="flex h-full items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground">
            {emptyMessage}
          </p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart
              accessibilityLayer={false}
              data={rows}
              margin={{ top: 4, right: 8, bottom: 0, left: -8 }}
            >
              <CartesianGrid vertical={false} stroke="var(--border)" />
              <XAxis dataKey="start" tickFormatter={tick} {...axis} minTickGap={24} />
              <YAxis {...axis} tickFormatter={axisLatency} width={72} />
              <Tooltip
                labelFormatter={(start) => tick(String(start))}
                formatter={(value) => formatLatency(typeof value === 'number' ? value : null)}
                {...tooltipStyle}
              />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {PERCENTILES.map(({ key, label, colour }) => (
                <Line
                  key={key}
                  dataKey={key}
                  name={label}
                  stroke={colour}
                  strokeWidth={2}
                  // A lone point between quiet intervals is a dot, or it would not show at all.
                  dot={{ r: 2, fill: colour }}
                  connectNulls
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        )
      }
      table={
        <SeriesTable
          caption={title}
          rows={rows}
          columns={PERCENTILES.map(({ key, label }) => ({ key, label }))}
          tick={tick}
          format={formatLatency}
        />
      }
    />
  );
}
