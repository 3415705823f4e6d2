import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrendPoint } from '../../../../../shared/schemas/dashboard';

// The trend chart (open rows at each day's end vs rows resolved that day). Its own module so the
// chart library loads only with the dashboard (React.lazy in quality-dashboard.tsx).

const shortDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export default function TrendChart({ points }: { points: readonly TrendPoint[] }) {
  return (
    <div className="h-64 w-full" role="img" aria-label={`Open and resolved issues per day, ${points.length} days`}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={[...points]} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis dataKey="date" tickFormatter={shortDate} stroke="var(--color-muted-foreground)" fontSize={12} />
          <YAxis allowDecimals={false} stroke="var(--color-muted-foreground)" fontSize={12} width={48} />
          <Tooltip
            labelFormatter={(label) => shortDate(String(label))}
            contentStyle={{ background: 'var(--color-card)', border: '1px solid var(--color-border)', borderRadius: 8, color: 'var(--color-foreground)' }}
          />
          <Legend />
          <Line type="monotone" dataKey="open" name="Open" stroke="var(--color-danger)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="resolved" name="Resolved" stroke="var(--color-success)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
