import { NavLink } from 'react-router'
import { cn } from '../../../lib/cn'
import { ADMIN_HOME_SECTION, ADMIN_SECTION_GROUPS, type AdminSection } from '../sections'

function NavItem({ section, onNavigate }: { section: AdminSection; onNavigate?: (() => void) | undefined }) {
  const Icon = section.icon
  return (
    <li>
      <NavLink
        to={section.path}
        end={section.path === ADMIN_HOME_SECTION.path}
        onClick={onNavigate}
        className={({ isActive }) =>
          cn(
            'flex min-h-10 items-center gap-3 rounded-xl px-3 py-2 text-[0.95rem] font-medium transition-colors lg:min-h-9 lg:py-1.5',
            // A laptop's short window (up to 900 px tall): the sidebar's whole menu fits, 'Análises' included.
            'lg:[@media(max-height:900px)]:min-h-7 lg:[@media(max-height:900px)]:py-1 lg:[@media(max-height:900px)]:text-sm',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
            isActive ? 'bg-brand-700 text-white shadow-glow' : 'text-ink-muted hover:bg-tint hover:text-accent-strong',
          )
        }
      >
        <Icon aria-hidden="true" className="size-[1.125rem] shrink-0" />
        <span className="truncate">{section.label}</span>
      </NavLink>
    </li>
  )
}

/** The admin menu: home, then every section by group. `onNavigate` closes the mobile menu. */
export function AdminNav({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  return (
    <nav aria-label="Seções da administração" className={className}>
      <ul className="flex flex-col gap-0.5">
        <NavItem section={ADMIN_HOME_SECTION} onNavigate={onNavigate} />
      </ul>
      {ADMIN_SECTION_GROUPS.map((group) => (
        <div key={group.label} className="mt-5 lg:mt-4 lg:[@media(max-height:900px)]:mt-2.5">
          <p className="px-3 pb-1.5 text-xs font-semibold tracking-wider text-ink-muted/80 uppercase lg:[@media(max-height:900px)]:pb-0.5">{group.label}</p>
          <ul className="flex flex-col gap-0.5">
            {group.sections.map((section) => (
              <NavItem key={section.path} section={section} onNavigate={onNavigate} />
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}
