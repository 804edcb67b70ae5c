import type { ReactNode } from 'react';

/** Inline SVG icons (no image requests, nothing for a CSP to block). Decorative: the buttons carry the names. */
function Icon({
  children,
  size = 20,
  className,
}: {
  children: ReactNode;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}

export const CloseIcon = () => (
  <Icon>
    <path d="M5 5l10 10M15 5L5 15" />
  </Icon>
);

/** An arrow that points: "flip", which a right-to-left locale turns around (core/locales/apply.ts). */
export const BackIcon = () => (
  <Icon className="flip">
    <path d="M12 4l-6 6 6 6" />
  </Icon>
);

export const CheckIcon = ({ className }: { className?: string }) => (
  <Icon size={40} className={className}>
    <circle cx="10" cy="10" r="8" strokeWidth={1.5} />
    <path d="M6.5 10.5l2.3 2.3 4.7-5" strokeWidth={1.5} />
  </Icon>
);

/** A key: LANDING's 'Log in with passkey'. */
export const KeyIcon = ({ className }: { className?: string }) => (
  <Icon size={18} className={className}>
    <circle cx="6.5" cy="13.5" r="3.5" />
    <path d="M9 11l7-7M13.5 6.5l2 2M11.5 8.5l1.5 1.5" />
  </Icon>
);
