import { useMetrics } from '../api/get-metrics';

const WIDTH = 120;
const HEIGHT = 28;

/**
 * Requests per minute over the last hour as a line, for the Dashboard. Drawn as a plain SVG path
 * rather than with the charting library, so the Dashboard does not load it for one line.
 */
export function TrafficSparkline() {
  const { data } = useMetrics('1h', 'status');
  if (!data) {
    return null;
  }
  const counts = data.series.map((point) => point.count);
  const peak = Math.max(1, ...counts);
  const step = counts.length > 1 ? WIDTH / (counts.length - 1) : WIDTH;
  const path = counts
    .map((count, index) => {
      const x = (index * step).toFixed(1);
      const y = (HEIGHT - 2 - (count / peak) * (HEIGHT - 4)).toFixed(1);
      return `${index === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join(' ');
  return (
    <svg
      role="img"
      aria-label={`${data.totals.count} requests in the last hour, at most ${Math.max(0, ...counts)} a minute`}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="text-primary dark:text-blue-400"
    >
      <path d={path} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" />
    </svg>
  );
}
