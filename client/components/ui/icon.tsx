import type { SVGProps } from 'react'
import { iconToSvg } from '../../../shared/icons.ts'
import { useIcon } from '../../lib/icons.ts'

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name' | 'dangerouslySetInnerHTML' | 'children'> {
  /** `collection:name`, e.g. `lucide:house` (any Iconify collection). */
  name: string
  /** Width and height: a number of pixels or a CSS length. */
  size?: number | string
  /** Makes the icon an image with this accessible name; without it the icon is decorative. */
  label?: string
}

/**
 * An Iconify icon as inline SVG (docs/product-contract.md). The box always has its final size, before the icon
 * arrives and if it never does, so nothing around it moves. Icons the server knows are in the
 * server-rendered HTML; others arrive after hydration (client/lib/icons.ts).
 */
export function Icon({ name, size = '1em', label, className, ...rest }: IconProps) {
  const data = useIcon(name)
  const svg = data ? iconToSvg(data) : null
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox={svg?.viewBox ?? '0 0 24 24'}
      focusable="false"
      data-icon={name}
      data-state={data ? 'loaded' : data === null ? 'failed' : 'loading'}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      // Not shrinking in a flex row is the default (client/styles.css, components layer), so a
      // className utility overrides it without merging classes here.
      className={className}
      {...rest}
      // Icon bodies are SVG markup from Iconify icon sets: our own server's installed
      // @iconify-json packages or its configured upstream, or the public Iconify service, all
      // trusted sources, never user input. The same trust React gives any bundled SVG.
      dangerouslySetInnerHTML={svg ? { __html: svg.body } : undefined}
    />
  )
}
