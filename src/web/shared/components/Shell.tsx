import type { ComponentChildren } from 'preact';
import { hrefOf } from '../router';

export type NavItem = { route: string; label: string };

/** The frame of every signed-in page: the product's header, the navigation, the page. */
export const Shell = ({
  product,
  nav,
  route,
  meta,
  children,
}: {
  product: string;
  nav: NavItem[];
  route: string;
  /** What the header shows on the right: who is signed in, until when, a way out. */
  meta?: ComponentChildren;
  children: ComponentChildren;
}) => (
  <div class="shell">
    <header class="shell-header">
      <div class="shell-bar">
        <a class="brand" href={hrefOf(nav[0]?.route ?? '')}>
          <span class="brand-mark" aria-hidden="true">
            S
          </span>
          Sluice <span class="brand-product">{product}</span>
        </a>
        {meta && <div class="shell-meta">{meta}</div>}
      </div>
      <nav class="shell-nav" aria-label={`${product} sections`}>
        {nav.map((item) => (
          <a
            key={item.route}
            href={hrefOf(item.route)}
            aria-current={
              item.route === route || route.startsWith(`${item.route}/`) ? 'page' : undefined
            }
          >
            {item.label}
          </a>
        ))}
      </nav>
    </header>
    <main class="shell-main" id="main">
      {children}
    </main>
  </div>
);

/** A page's title, what it is for, and its actions. */
export const PageHeader = ({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ComponentChildren;
  actions?: ComponentChildren;
}) => (
  <div class="page-header">
    <div>
      <h1>{title}</h1>
      {description && <p>{description}</p>}
    </div>
    {actions && <div>{actions}</div>}
  </div>
);

/** A page alone in the middle of the screen: signing in, a link that no longer works. */
export const Centered = ({ children }: { children: ComponentChildren }) => (
  <main class="centered">
    <div class="card centered-card">{children}</div>
  </main>
);
