// Spec 2 "Investments page": the tabs, and the navigation states that open them. Apart from the page so
// that a link to it (the dashboard's Maturing Investments widget) does not load the page's code.
export const ALL_INVESTMENTS_TAB = 0;
export const INVESTMENT_GROUPS_TAB = 1;
/** platform.md 2.5: the dashboard's Maturing Investments link opens the maturing view with state 3. */
export const MATURING_INVESTMENTS_STATE = 3;
/** The filter radio's value for "only my clients' investments"; sent to the server as `myClients: true`. */
export const MY_CLIENTS = 'mine';
