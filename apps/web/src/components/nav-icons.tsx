// Navigation icons: each item has a normal, a hover and an active variant (SPEC §2 Shell).
import type { ReactNode } from 'react';

const PATHS: Record<string, string> = {
  overview: 'M3 12l9-8 9 8v8a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  profile: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9a8 8 0 0 1 16 0z',
  prestige: 'M12 2l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 16.8 6.1 20l1.3-6.5L2.5 8.9l6.6-.8z',
  utilities: 'M14.7 6.3a4 4 0 0 0-5.4 5.1L3 17.7 6.3 21l6.3-6.3a4 4 0 0 0 5.1-5.4l-2.5 2.5-2.6-.6-.6-2.6z',
  characters: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm7.5 0a3.5 3.5 0 1 0 0-7M2 21a7 7 0 0 1 14 0zm15.5 0H22a5.5 5.5 0 0 0-6-5.4',
  storyteller: 'M4 4h11a3 3 0 0 1 3 3v13H7a3 3 0 0 1-3-3zm14 3h2v13M8 8h6M8 12h6',
  coordinator: 'M12 3v4M5 21v-4h14v4M8 17v-4h8v4M12 7a2 2 0 1 0 0 .01M4 13h16',
  administration: 'M12 2l8 4v6c0 5-3.4 8.8-8 10-4.6-1.2-8-5-8-10V6z',
  logout: 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 8l-4 4 4 4M6 12h10',
};

type Variant = 'normal' | 'hover' | 'active';

function Icon({ name, variant }: { name: string; variant: Variant }) {
  const filled = variant === 'active';
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      data-variant={variant}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={variant === 'hover' ? 2.2 : 1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

export interface NavIcons {
  normal: ReactNode;
  hover: ReactNode;
  active: ReactNode;
}

export function navIcons(name: keyof typeof PATHS): NavIcons {
  return {
    normal: <Icon name={name} variant="normal" />,
    hover: <Icon name={name} variant="hover" />,
    active: <Icon name={name} variant="active" />,
  };
}
