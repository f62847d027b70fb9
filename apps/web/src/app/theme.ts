// The app's antd theme, one object for the app and for the login page's warm-up of the signed-in screens' styles
// (warmStyles.tsx): antd keys its generated styles by the theme's tokens, so both must use the very same.
// antd's grey texts (secondary, tertiary, placeholder), its default link blue, its error red, its warning text (the
// max-length warning) and the menu's selected item fall short of WCAG AA contrast (4.5:1): darker greys, red and amber,
// the brand colour for links.
const THEME = {
  token: {
    colorPrimary: '#1f6f8b',
    colorLink: '#1f6f8b',
    borderRadius: 6,
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
    colorWarningText: '#946200',
  },
  components: { Menu: { itemSelectedBg: '#e3eff3', itemSelectedColor: '#14495c' } },
  // One name for the CSS variables' scope (antd would derive it from React's useId, different in each React root): the
  // login page's warm-up root (warmStyles.tsx) then registers the very variables the app's screens use.
  cssVar: { key: 'app' },
};

/**
 * Someone whose system asks for less motion gets none: dialogs, drawers, menus and messages appear at once (antd's
 * motion off). Read once at start, as the setting rarely changes while the app is open.
 */
export const THEME_FOR_MOTION_SETTING =
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ? { ...THEME, token: { ...THEME.token, motion: false } }
    : THEME;
