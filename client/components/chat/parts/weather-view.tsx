// The weather tool's result: the place, the temperature now with its condition, and the week's
// highs and lows, day by day.
import { Icon } from '../../ui/icon.tsx'

export interface WeatherReport {
  place: { name: string; region?: string; country?: string }
  current: { temperature: number; feelsLike?: number; humidity?: number; windSpeed?: number; code: number; condition: string; isDay: boolean }
  daily: Array<{ date: string; code: number; condition: string; high: number; low: number; precipitationChance?: number }>
  units: { temperature: string; windSpeed: string }
}

/** A Lucide icon for a WMO weather code. */
function conditionIcon(code: number, isDay = true): string {
  if (code <= 1) return isDay ? 'lucide:sun' : 'lucide:moon'
  if (code === 2) return isDay ? 'lucide:cloud-sun' : 'lucide:cloud-moon'
  if (code === 3) return 'lucide:cloud'
  if (code === 45 || code === 48) return 'lucide:cloud-fog'
  if (code >= 51 && code <= 57) return 'lucide:cloud-drizzle'
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'lucide:cloud-rain'
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'lucide:cloud-snow'
  if (code >= 95) return 'lucide:cloud-lightning'
  return 'lucide:cloud'
}

const degrees = (value: number) => `${Math.round(value)}°`

function weekday(date: string, index: number): string {
  if (index === 0) return 'Today'
  const day = new Date(`${date}T12:00:00Z`)
  return Number.isNaN(day.getTime()) ? date : day.toLocaleDateString('en', { weekday: 'short', timeZone: 'UTC' })
}

export function WeatherView({ report }: { report: WeatherReport }) {
  const { place, current, daily, units } = report
  const where = [place.region, place.country].filter(Boolean).join(', ')
  return (
    <div className="weather">
      <div className="weather__now">
        <Icon name={conditionIcon(current.code, current.isDay)} size={44} label={current.condition} />
        <div>
          <div className="weather__place">
            {place.name}
            {where && <span>{where}</span>}
          </div>
          <div className="weather__temp">
            {current.temperature.toFixed(1).replace(/\.0$/, '')}
            {units.temperature}
          </div>
          <div>{current.condition}</div>
        </div>
        <dl className="weather__facts">
          {current.feelsLike !== undefined && (
            <div>
              <dt>Feels like</dt>
              <dd>{degrees(current.feelsLike)}</dd>
            </div>
          )}
          {current.humidity !== undefined && (
            <div>
              <dt>Humidity</dt>
              <dd>{current.humidity}%</dd>
            </div>
          )}
          {current.windSpeed !== undefined && (
            <div>
              <dt>Wind</dt>
              <dd>
                {Math.round(current.windSpeed)} {units.windSpeed}
              </dd>
            </div>
          )}
        </dl>
      </div>
      {daily.length > 0 && (
        <ol className="weather__days" aria-label={`${daily.length}-day forecast`}>
          {daily.map((day, index) => (
            <li key={day.date}>
              <span>{weekday(day.date, index)}</span>
              <Icon name={conditionIcon(day.code)} size={22} label={day.condition} />
              <span className="weather__high">
                <span className="sr-only">high </span>
                {degrees(day.high)}
              </span>
              <span className="weather__low">
                <span className="sr-only">low </span>
                {degrees(day.low)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
