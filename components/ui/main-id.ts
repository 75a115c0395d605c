/** The id of every page's <main>: where the skip link lands. It takes focus (tabIndex -1) so that the next Tab goes on from there. */
export const MAIN_ID = "main";
