// What other features may use of this one; everything else in the folder is internal (enforced by lint).
export { useAllNews } from './api/use-all-news';
export { HomeNews } from './components/home-news';
