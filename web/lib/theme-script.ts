/** The colour scheme a person chose on this device; none means their system's (web/inline-scripts/theme.ts). */
export const themeStorageKey = 'up2.theme';
