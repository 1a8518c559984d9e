/** Each icon's SVG, read once from its data URL. */
const drawn = new Map<string, string>();

function svgOf(icon: string): string {
  let svg = drawn.get(icon);
  if (svg === undefined) {
    // The ionicons package's own constants: 'data:image/svg+xml;utf8,<svg …>' (never a user's text).
    const body = icon.startsWith('data:image/svg+xml;utf8,') ? icon.slice(icon.indexOf(',') + 1) : '';
    svg = body.startsWith('<svg') ? body : '';
    drawn.set(icon, svg);
  }
  return svg;
}

/**
 * An ionicons icon drawn as inline SVG in the header's plain buttons (theme.css styles its strokes
 * as ion-icon does). The header is the first thing every screen draws: a plain element costs the
 * phone nothing, where an ion-icon is a component that decodes its icon on its own.
 */
export function HeaderIcon({ icon, className }: { icon: string; className?: string }) {
  return (
    <span
      className={className ? `gavel-icon ${className}` : 'gavel-icon'}
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: svgOf(icon) }}
    />
  );
}
