// The tools an answer may use: the built-in ones AI_TOOLS offers (all of them by
// default), each pointing at an upstream from configuration. MCP servers add theirs here too.
// The artifact tools are made per answer (their versions belong to it and see its branch), so
// they are there only when the answer's context is given.
import type { ToolsConfig } from '../../../fastify.config.ts'
import type { ToolInfo } from '../../../shared/page-data.ts'
import { ARTIFACTS_SWITCH, ARTIFACTS_TOOL_INFO, createArtifactTools, type ArtifactAnswerContext } from '../artifacts/artifact-tools.ts'
import { createChartTool } from './chart.ts'
import type { ChatTool } from './tool-types.ts'
import type { McpHub } from './mcp.ts'
import { createWeatherTool } from './weather.ts'
import { createWebSearchTool } from './web-search.ts'

export { BUILT_IN_TOOL_NAMES as BUILT_IN_TOOLS } from '../../../fastify.config.ts'

export type { ToolInfo, ArtifactAnswerContext }

export interface ToolRegistry {
  /** Every tool on offer, for the Tools control (tools that share a switch are listed once). */
  list(): ToolInfo[]
  /** The tools of one answer: those on offer that are not turned off (by their name or their switch's). */
  forAnswer(turnedOff?: readonly string[], answer?: ArtifactAnswerContext): ChatTool[]
}

export function createToolRegistry(config: ToolsConfig, deps: { fetch?: typeof globalThis.fetch; mcp?: McpHub } = {}): ToolRegistry {
  const builtIn: Record<Exclude<ToolsConfig['offered'][number], typeof ARTIFACTS_SWITCH>, () => ChatTool> = {
    weather: () => createWeatherTool({ geocodingUrl: config.geocodingUrl, weatherUrl: config.weatherUrl, fetch: deps.fetch }),
    chart: () => createChartTool(),
    web_search: () => createWebSearchTool({ searxngUrl: config.searxngUrl!, fetch: deps.fetch }),
  }
  const builtInTools = new Map(config.offered.flatMap((name) => (name === ARTIFACTS_SWITCH ? [] : [[name, builtIn[name]()] as const])))
  const info = ({ name, label, group, description, needsApproval }: ChatTool | ToolInfo): ToolInfo => ({ name, label, group, description, needsApproval: Boolean(needsApproval) })
  // MCP servers come and go: their tools are read at each use.
  const mcpTools = () => deps.mcp?.tools() ?? []
  return {
    list: () => [...config.offered.map((name) => (name === ARTIFACTS_SWITCH ? ARTIFACTS_TOOL_INFO : info(builtInTools.get(name)!))), ...mcpTools().map(info)],
    forAnswer: (turnedOff = [], answer) =>
      [...config.offered.flatMap((name) => (name === ARTIFACTS_SWITCH ? (answer ? createArtifactTools(answer) : []) : [builtInTools.get(name)!])), ...mcpTools()].filter(
        (tool) => !turnedOff.includes(tool.name) && !(tool.switchName && turnedOff.includes(tool.switchName)),
      ),
  }
}
