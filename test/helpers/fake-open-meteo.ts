// Open-Meteo's geocoding and forecast APIs as they answer (same JSON shapes, fewer fields), on a
// real socket, for the weather tool. Records every request; a place can be made to fail.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'

export interface FakeOpenMeteo {
  url: string
  requests: URL[]
  /** Answer the forecast with this status instead. */
  forecastStatus?: number
  /** Hold every answer this long. */
  delayMs?: number
}

const PLACES: Record<string, object> = {
  paris: { id: 2988507, name: 'Paris', latitude: 48.85341, longitude: 2.3488, country_code: 'FR', admin1: 'Île-de-France', timezone: 'Europe/Paris', country: 'France' },
  berlin: { id: 2950159, name: 'Berlin', latitude: 52.52437, longitude: 13.41053, country_code: 'DE', admin1: 'Land Berlin', timezone: 'Europe/Berlin', country: 'Germany' },
}

export function forecastFor(latitude: number, longitude: number) {
  return {
    latitude,
    longitude,
    generationtime_ms: 0.1,
    utc_offset_seconds: 3600,
    timezone: 'Europe/Paris',
    timezone_abbreviation: 'GMT+1',
    elevation: 43,
    current_units: { time: 'iso8601', interval: 'seconds', temperature_2m: '°C', apparent_temperature: '°C', relative_humidity_2m: '%', weather_code: 'wmo code', wind_speed_10m: 'km/h', is_day: '' },
    current: { time: '2026-11-25T10:00', interval: 900, temperature_2m: 12.3, apparent_temperature: 10.1, relative_humidity_2m: 81, weather_code: 3, wind_speed_10m: 14.2, is_day: 1 },
    daily_units: { time: 'iso8601', weather_code: 'wmo code', temperature_2m_max: '°C', temperature_2m_min: '°C', precipitation_probability_max: '%' },
    daily: {
      time: ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'],
      weather_code: [3, 61, 80, 2, 0, 71, 45],
      temperature_2m_max: [13.1, 11.4, 9.8, 10.2, 8.7, 4.1, 6.0],
      temperature_2m_min: [7.2, 6.5, 4.4, 3.9, 1.2, -1.5, 0.8],
      precipitation_probability_max: [10, 80, 65, 20, 0, 55, 15],
    },
  }
}

/** Places that answer slowly (the call can be stopped or outlive a reload): name → delay in ms. */
const SLOW_PLACES: Record<string, number> = { slowtown: 4_000 }

/** Answers Open-Meteo's geocoding and forecast requests (any other path: 404). */
export function openMeteoHandler(fake: Pick<FakeOpenMeteo, 'requests' | 'forecastStatus' | 'delayMs'>) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    fake.requests.push(url)
    const slow = SLOW_PLACES[(url.searchParams.get('name') ?? '').toLowerCase()] ?? fake.delayMs
    if (slow) await new Promise((resolve) => setTimeout(resolve, slow))
    res.setHeader('content-type', 'application/json; charset=utf-8')
    if (url.pathname === '/v1/search') {
      const name = (url.searchParams.get('name') ?? '').toLowerCase()
      const place = PLACES[name] ?? (SLOW_PLACES[name] ? { ...PLACES.paris, name: 'Slowtown' } : undefined)
      // Open-Meteo leaves `results` out when nothing matches.
      res.end(JSON.stringify(place ? { results: [place], generationtime_ms: 0.5 } : { generationtime_ms: 0.5 }))
      return
    }
    if (url.pathname === '/v1/forecast') {
      if (fake.forecastStatus) {
        res.statusCode = fake.forecastStatus
        res.end(JSON.stringify({ error: true, reason: 'Server error' }))
        return
      }
      res.end(JSON.stringify(forecastFor(Number(url.searchParams.get('latitude')), Number(url.searchParams.get('longitude')))))
      return
    }
    res.statusCode = 404
    res.end(JSON.stringify({ error: true, reason: 'Not found' }))
  }
}

export async function startFakeOpenMeteo(t: Test): Promise<FakeOpenMeteo> {
  const fake: FakeOpenMeteo = { url: '', requests: [] }
  const server: Server = createServer(openMeteoHandler(fake))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
