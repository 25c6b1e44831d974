/** The news feature's language mapping (zh → cn), for the pages that ask for news in the reader's language. */
export { newsLanguage } from "../../features/news/api/news-language.ts";
