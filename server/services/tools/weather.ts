// The `weather` tool: current conditions and a 7-day forecast for a place, from Open-Meteo's free,
// keyless geocoding and forecast APIs. The hosts come from configuration only (GEOCODING_API_URL,
// WEATHER_API_URL); the model gives a place name, never a URL.
import { Type } from 'typebox'
import type { ChatTool } from './tool-types.ts'
import { ToolError } from './tool-types.ts'
import { fetchJson } from './upstream-json.ts'

export interface WeatherOptions {
  geocodingUrl: string
  weatherUrl: string
  fetch?: typeof globalThis.fetch
}

export interface WeatherReport {
  place: { name: string; region?: string; country?: string; latitude: number; longitude: number; timezone?: string }
  current: { time: string; temperature: number; feelsLike?: number; humidity?: number; windSpeed?: number; code: number; condition: string; isDay: boolean }
  daily: Array<{ date: string; code: number; condition: string; high: number; low: number; precipitationChance?: number }>
  units: { temperature: string; windSpeed: string }
}

const Input = Type.Object(
  { location: Type.String({ minLength: 1, maxLength: 100, description: 'A place name, e.g. "Paris" or "Berlin, Germany"' }) },
  { additionalProperties: false },
)

/** WMO weather interpretation codes, as Open-Meteo documents them. */
const CONDITIONS: Record<number, string> = {
  0: 'Clear sky',
  1: 'Mainly clear',
  2: 'Partly cloudy',
  3: 'Overcast',
  45: 'Fog',
  48: 'Depositing rime fog',
  51: 'Light drizzle',
  53: 'Drizzle',
  55: 'Dense drizzle',
  56: 'Light freezing drizzle',
  57: 'Freezing drizzle',
  61: 'Slight rain',
  63: 'Rain',
  65: 'Heavy rain',
  66: 'Light freezing rain',
  67: 'Freezing rain',
  71: 'Slight snow',
  73: 'Snow',
  75: 'Heavy snow',
  77: 'Snow grains',
  80: 'Slight rain showers',
  81: 'Rain showers',
  82: 'Violent rain showers',
  85: 'Slight snow showers',
  86: 'Heavy snow showers',
  95: 'Thunderstorm',
  96: 'Thunderstorm with slight hail',
  99: 'Thunderstorm with heavy hail',
}

export const conditionOf = (code: number) => CONDITIONS[code] ?? 'Unknown conditions'

export function createWeatherTool(options: WeatherOptions): ChatTool {
  const geocoding = options.geocodingUrl.replace(/\/+$/, '')
  const forecast = options.weatherUrl.replace(/\/+$/, '')
  const fetchFn = options.fetch ?? globalThis.fetch
  return {
    name: 'weather',
    label: 'Weather',
    group: 'Built-in',
    description: 'Current weather and a 7-day forecast (daily highs and lows, °C) for a place. Use it whenever the user asks about the weather or temperature somewhere.',
    inputSchema: Input as never,
    async execute(input, { signal }) {
      const { location } = input as { location: string }
      const search = new URL(`${geocoding}/v1/search`)
      search.search = new URLSearchParams({ name: location, count: '1', language: 'en', format: 'json' }).toString()
      const found = (await fetchJson(fetchFn, search, signal, 'Open-Meteo geocoding')) as { results?: Array<Record<string, unknown>> }
      const place = found?.results?.[0]
      if (!place || typeof place.latitude !== 'number' || typeof place.longitude !== 'number') throw new ToolError(`No place called “${location}” was found.`)

      const url = new URL(`${forecast}/v1/forecast`)
      url.search = new URLSearchParams({
        latitude: String(place.latitude),
        longitude: String(place.longitude),
        current: 'temperature_2m,apparent_temperature,relative_humidity_2m,weather_code,wind_speed_10m,is_day',
        daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max',
        timezone: 'auto',
        forecast_days: '7',
      }).toString()
      const data = (await fetchJson(fetchFn, url, signal, 'Open-Meteo forecast')) as ForecastResponse
      const current = data?.current
      const daily = data?.daily
      if (!current || typeof current.temperature_2m !== 'number' || !daily || !Array.isArray(daily.time)) throw new ToolError('Open-Meteo sent a forecast this app cannot read.')
      const report: WeatherReport = {
        place: {
          name: String(place.name ?? location),
          ...(typeof place.admin1 === 'string' ? { region: place.admin1 } : {}),
          ...(typeof place.country === 'string' ? { country: place.country } : {}),
          latitude: place.latitude,
          longitude: place.longitude,
          ...(typeof data.timezone === 'string' ? { timezone: data.timezone } : {}),
        },
        current: {
          time: String(current.time ?? ''),
          temperature: current.temperature_2m,
          ...(typeof current.apparent_temperature === 'number' ? { feelsLike: current.apparent_temperature } : {}),
          ...(typeof current.relative_humidity_2m === 'number' ? { humidity: current.relative_humidity_2m } : {}),
          ...(typeof current.wind_speed_10m === 'number' ? { windSpeed: current.wind_speed_10m } : {}),
          code: Number(current.weather_code ?? -1),
          condition: conditionOf(Number(current.weather_code ?? -1)),
          isDay: current.is_day !== 0,
        },
        daily: daily.time.slice(0, 7).map((date, index) => ({
          date: String(date),
          code: Number(daily.weather_code?.[index] ?? -1),
          condition: conditionOf(Number(daily.weather_code?.[index] ?? -1)),
          high: Number(daily.temperature_2m_max?.[index]),
          low: Number(daily.temperature_2m_min?.[index]),
          ...(typeof daily.precipitation_probability_max?.[index] === 'number' ? { precipitationChance: daily.precipitation_probability_max[index] } : {}),
        })),
        units: { temperature: data.current_units?.temperature_2m ?? '°C', windSpeed: data.current_units?.wind_speed_10m ?? 'km/h' },
      }
      return report
    },
  }
}

interface ForecastResponse {
  timezone?: string
  current_units?: { temperature_2m?: string; wind_speed_10m?: string }
  current?: { time?: string; temperature_2m?: number; apparent_temperature?: number; relative_humidity_2m?: number; weather_code?: number; wind_speed_10m?: number; is_day?: number }
  daily?: {
    time: string[]
    weather_code?: number[]
    temperature_2m_max?: number[]
    temperature_2m_min?: number[]
    precipitation_probability_max?: Array<number | null>
  }
}
