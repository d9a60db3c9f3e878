// The tools an answer may use: the built-in ones AI_TOOLS offers (all of them by
// default), each pointing at an upstream from configuration. MCP servers add theirs here too.
import type { ToolsConfig } from '../../../fastify.config.ts'
import type { ToolInfo } from '../../../shared/page-data.ts'
import { createChartTool } from './chart.ts'
import type { ChatTool } from './tool-types.ts'
import type { McpHub } from './mcp.ts'
import { createWeatherTool } from './weather.ts'
import { createWebSearchTool } from './web-search.ts'

export { BUILT_IN_TOOL_NAMES as BUILT_IN_TOOLS } from '../../../fastify.config.ts'

export type { ToolInfo }

export interface ToolRegistry {
  /** Every tool on offer, for the Tools control. */
  list(): ToolInfo[]
  /** The tools of one answer: those on offer that are not turned off. */
  forAnswer(turnedOff?: readonly string[]): ChatTool[]
}

export function createToolRegistry(config: ToolsConfig, deps: { fetch?: typeof globalThis.fetch; mcp?: McpHub } = {}): ToolRegistry {
  const builtIn: Record<ToolsConfig['offered'][number], () => ChatTool> = {
    weather: () => createWeatherTool({ geocodingUrl: config.geocodingUrl, weatherUrl: config.weatherUrl, fetch: deps.fetch }),
    chart: () => createChartTool(),
    web_search: () => createWebSearchTool({ searxngUrl: config.searxngUrl!, fetch: deps.fetch }),
  }
  const builtInTools = config.offered.map((name) => builtIn[name]())
  // MCP servers come and go: their tools are read at each use.
  const all = () => [...builtInTools, ...(deps.mcp?.tools() ?? [])]
  return {
    list: () => all().map(({ name, label, group, description, needsApproval }) => ({ name, label, group, description, needsApproval: Boolean(needsApproval) })),
    forAnswer: (turnedOff = []) => all().filter((tool) => !turnedOff.includes(tool.name)),
  }
}
