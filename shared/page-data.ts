// What each page's loader returns (the `data` of PageState and `_payload.json`).

export interface HomePageData {
  /** Nothing yet: the home screen's data (models, suggestions) lands with the chat issues. */
}

export interface ChatPageData {
  id: string
}
