export const notFoundCopy = {
  code: '404',
  message: 'Oops! Page not found',
  homeLink: 'Return to Home',
} as const;
