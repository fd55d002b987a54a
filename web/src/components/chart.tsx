import { useEffect, useId, useRef, useState } from 'preact/hooks'
import { formatNumber } from '../format.js'

export type Tone = 'accent' | 'danger' | 'success' | 'warning'

export interface Series {
  name: string
  values: number[]
  tone: Tone
  kind: 'bar' | 'line'
}

interface ChartProps {
  title: string
  labels: string[]
  series: Series[]
  format?: (value: number) => string
  height?: number
}

const pad = { top: 12, right: 12, bottom: 26, left: 56 }

/** The element's width in CSS pixels, so the SVG is drawn 1:1 and its text never scales. */
function useWidth (fallback: number) {
  const ref = useRef<HTMLElement>(null)
  const [width, setWidth] = useState(fallback)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, Math.floor(entry.contentRect.width))))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

/** Rounds up to 1, 2, 2.5 or 5 times a power of ten, so grid lines land on plain numbers. */
function niceStep (value: number): number {
  if (value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  return ([1, 2, 2.5, 5, 10].find((m) => m * power >= value) ?? 10) * power
}

/** About four grid steps up to the largest value; whole-number series get whole-number steps. */
function gridSteps (max: number, integers: boolean): number[] {
  let step = niceStep(max / 4)
  if (integers) step = Math.max(1, Math.ceil(step))
  const count = Math.max(1, Math.ceil(max / step))
  return Array.from({ length: count + 1 }, (_, i) => i * step)
}

/**
 * A small SVG chart: bars and lines over labelled slots. The SVG is an image with a text
 * summary for screen readers, each point carries a <title> tooltip, and the numbers are also
 * in a table under "Show data".
 */
export function Chart ({ title, labels, series, format = formatNumber, height = 220 }: ChartProps) {
  const id = useId()
  const { ref, width } = useWidth(640)
  const plotW = width - pad.left - pad.right
  const plotH = height - pad.top - pad.bottom
  const all = series.flatMap((s) => s.values)
  const steps = gridSteps(Math.max(0, ...all), all.every((v) => Number.isInteger(v)))
  const top = steps[steps.length - 1]
  const slots = Math.max(1, labels.length)
  const slotW = plotW / slots
  const bars = series.filter((s) => s.kind === 'bar')
  const barW = Math.max(1, (slotW * 0.72) / Math.max(1, bars.length))
  const y = (v: number): number => pad.top + plotH - (v / top) * plotH
  const x = (i: number): number => pad.left + slotW * i + slotW / 2
  const longest = Math.max(1, ...labels.map((l) => l.length))
  const every = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(plotW / (longest * 7 + 16)))))
  const empty = all.every((v) => !v)
  const summary = series.map((s) => `${s.name}: ${format(s.values.reduce((a, b) => a + b, 0))} in total`).join('; ')

  return (
    <figure class='chart' ref={ref}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role='img' aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {steps.map((value) => (
          <g key={value} class='chart-grid'>
            <line x1={pad.left} x2={width - pad.right} y1={y(value)} y2={y(value)} />
            <text x={pad.left - 8} y={y(value)} dy='0.32em' text-anchor='end'>{format(value)}</text>
          </g>
        ))}
        {labels.map((label, i) => i % every === 0 && label !== labels[i - every] && (
          <text key={label + i} class='chart-label' x={x(i)} y={height - 8} text-anchor='middle'>{label}</text>
        ))}
        {bars.map((s, b) => s.values.map((v, i) => (
          <rect key={`${s.name}-${i}`} class={`bar tone-${s.tone}`} x={x(i) - (barW * bars.length) / 2 + b * barW}
            y={y(v)} width={Math.max(1, barW - 1)} height={Math.max(0, pad.top + plotH - y(v))} rx='1.5'>
            <title>{`${labels[i]}: ${s.name} ${format(v)}`}</title>
          </rect>
        )))}
        {series.filter((s) => s.kind === 'line').map((s) => (
          <g key={s.name} class={`line tone-${s.tone}`}>
            <polyline points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
            {s.values.map((v, i) => (
              <circle key={i} cx={x(i)} cy={y(v)} r={labels.length > 40 ? 1.5 : 3}>
                <title>{`${labels[i]}: ${s.name} ${format(v)}`}</title>
              </circle>
            ))}
          </g>
        ))}
        {empty && <text class='chart-empty' x={pad.left + plotW / 2} y={pad.top + plotH / 2} text-anchor='middle'>No data in this range yet</text>}
      </svg>
      <figcaption class='chart-legend'>
        {series.map((s) => <span key={s.name} class='legend-item'><span class={`swatch tone-${s.tone} swatch-${s.kind}`} aria-hidden='true' />{s.name}</span>)}
        <details class='chart-data'>
          <summary>Show data</summary>
          <div class='table-scroll'>
            <table class='grid grid-compact'>
              <thead><tr><th scope='col'>Slot</th>{series.map((s) => <th key={s.name} scope='col'>{s.name}</th>)}</tr></thead>
              <tbody>
                {labels.map((label, i) => (
                  <tr key={label + i}><th scope='row'>{label}</th>{series.map((s) => <td key={s.name} class='num'>{format(s.values[i] ?? 0)}</td>)}</tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  )
}
