// The `chart` tool: the model gives a title, a kind and labelled series; the answer shows the chart
// (client/components/chat/parts/chart-view.tsx draws it as SVG). Running it only checks that the
// data makes a chart, so the model hears about a mistake (series of the wrong length) and can fix it.
import { Type } from 'typebox'
import type { ChatTool } from './tool-types.ts'
import { ToolError } from './tool-types.ts'

export const CHART_KINDS = ['line', 'bar', 'area'] as const
export const CHART_MAX_POINTS = 60
export const CHART_MAX_SERIES = 6

export interface ChartSpec {
  title: string
  kind: (typeof CHART_KINDS)[number]
  labels: string[]
  series: Array<{ name: string; values: number[] }>
  /** What the values are counted in ("°C", "users"), shown on the axis. */
  unit?: string
}

const Input = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 120 }),
    kind: Type.Union(CHART_KINDS.map((kind) => Type.Literal(kind))),
    labels: Type.Array(Type.String({ maxLength: 40 }), { minItems: 1, maxItems: CHART_MAX_POINTS, description: 'The x axis: one label per value' }),
    series: Type.Array(
      Type.Object({ name: Type.String({ minLength: 1, maxLength: 60 }), values: Type.Array(Type.Number(), { minItems: 1, maxItems: CHART_MAX_POINTS }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: CHART_MAX_SERIES },
    ),
    unit: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
)

export function createChartTool(): ChatTool {
  return {
    name: 'chart',
    label: 'Chart',
    group: 'Built-in',
    description:
      'Shows the user a chart (line, bar or area) of one or more labelled series. Use it when the user asks for a chart, plot or graph, or when numbers are easier to compare drawn. Each series has one value per label.',
    inputSchema: Input as never,
    async execute(input) {
      const spec = input as ChartSpec
      for (const series of spec.series) {
        if (series.values.length !== spec.labels.length) {
          throw new ToolError(`Series “${series.name}” has ${series.values.length} values for ${spec.labels.length} labels: give one value per label.`)
        }
      }
      return { title: spec.title, kind: spec.kind, labels: spec.labels, series: spec.series, ...(spec.unit ? { unit: spec.unit } : {}), shown: true }
    },
  }
}
