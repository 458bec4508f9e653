/**
 * The admin charts (recharts). This module is only reached through `React.lazy` from admin pages,
 * so recharts stays in admin chunks and never in what listeners or visitors download.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Text, Tooltip, XAxis, YAxis } from 'recharts'

export interface SeriesSpec {
  key: string
  label: string
  color: string
}

const axis = { fontSize: 12, fill: '#5c5a6b' }

/** Room for the names on a horizontal bar chart's axis; longer names wrap to a second line. */
const CATEGORY_AXIS_WIDTH = 160

/**
 * A category name beside its bar, wrapped on words into at most two lines (an ellipsis past
 * that) so a long Portuguese name is never cut at the chart's edge.
 */
function CategoryTick({ x, y, payload }: { x: number | string; y: number | string; payload: { value: unknown } }) {
  return (
    <Text x={Number(x) - 4} y={Number(y)} width={CATEGORY_AXIS_WIDTH - 12} maxLines={2} textAnchor="end" verticalAnchor="middle" lineHeight="1.2em" style={axis}>
      {String(payload.value)}
    </Text>
  )
}

export function BarsChart({
  data,
  xKey,
  series,
  format = (v: number) => String(v),
  layout = 'horizontal',
  height = 280,
}: {
  data: Record<string, string | number>[]
  xKey: string
  series: SeriesSpec[]
  format?: (value: number) => string
  layout?: 'horizontal' | 'vertical'
  height?: number
}) {
  const vertical = layout === 'vertical'
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} layout={layout} margin={{ top: 8, right: 12, bottom: 4, left: vertical ? 8 : 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e7e4f2" horizontal={!vertical} vertical={vertical} />
        {vertical ? (
          <>
            <XAxis type="number" tick={axis} tickFormatter={format} allowDecimals={false} />
            <YAxis type="category" dataKey={xKey} tick={(props) => <CategoryTick {...props} />} width={CATEGORY_AXIS_WIDTH} interval={0} />
          </>
        ) : (
          <>
            <XAxis dataKey={xKey} tick={axis} />
            <YAxis tick={axis} tickFormatter={format} width={80} allowDecimals={false} />
          </>
        )}
        <Tooltip formatter={(value) => format(Number(value))} />
        {series.length > 1 ? <Legend /> : null}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} radius={vertical ? [0, 6, 6, 0] : [6, 6, 0, 0]} maxBarSize={42} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}

export function LinesChart({ data, xKey, series, height = 280 }: { data: Record<string, string | number>[]; xKey: string; series: SeriesSpec[]; height?: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e7e4f2" vertical={false} />
        <XAxis dataKey={xKey} tick={axis} />
        <YAxis tick={axis} allowDecimals={false} width={48} />
        <Tooltip />
        <Legend />
        {series.map((s) => (
          <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2.5} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}
