import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppShell } from './app-shell';
import { NotFoundPage } from '../components/not-found-page';

/** Each page is its own chunk, fetched the first time its route is visited. */
function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const HomePage = lazyPage(() => import('../features/games/pages/home-page'), 'HomePage');
const CataloguePage = lazyPage(() => import('../features/games/pages/catalogue-page'), 'CataloguePage');
const GameDetailPage = lazyPage(() => import('../features/games/pages/game-detail-page'), 'GameDetailPage');
const SearchResultsPage = lazyPage(
  () => import('../features/search/pages/search-results-page'),
  'SearchResultsPage',
);
const NewsListPage = lazyPage(() => import('../features/news/pages/news-list-page'), 'NewsListPage');
const NewsArticlePage = lazyPage(() => import('../features/news/pages/news-article-page'), 'NewsArticlePage');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const LoginLinkPage = lazyPage(() => import('../features/auth/pages/login-link-page'), 'LoginLinkPage');
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const ConfirmPage = lazyPage(() => import('../features/auth/pages/confirm-page'), 'ConfirmPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const ConfirmEmailPage = lazyPage(
  () => import('../features/auth/pages/confirm-email-page'),
  'ConfirmEmailPage',
);
const ProfilePage = lazyPage(() => import('../features/user/pages/profile-page'), 'ProfilePage');
const MyReviewsPage = lazyPage(() => import('../features/user/pages/my-reviews-page'), 'MyReviewsPage');
const ListsPage = lazyPage(() => import('../features/user/pages/lists-page'), 'ListsPage');
const MyGamesPage = lazyPage(() => import('../features/diary/pages/my-games-page'), 'MyGamesPage');
const ActivityPage = lazyPage(() => import('../features/diary/pages/activity-page'), 'ActivityPage');
const NotificationsPage = lazyPage(
  () => import('../features/alerts/pages/notifications-page'),
  'NotificationsPage',
);
const AlertSettingsPage = lazyPage(
  () => import('../features/alerts/pages/alert-settings-page'),
  'AlertSettingsPage',
);
const DataPortabilityPage = lazyPage(
  () => import('../features/diary/pages/data-portability-page'),
  'DataPortabilityPage',
);
const PublicProfilePage = lazyPage(
  () => import('../features/diary/pages/public-profile-page'),
  'PublicProfilePage',
);
const YearInReviewPage = lazyPage(
  () => import('../features/diary/pages/year-in-review-page'),
  'YearInReviewPage',
);
const ScoringMethodPage = lazyPage(
  () => import('../features/games/pages/scoring-method-page'),
  'ScoringMethodPage',
);
const BestOfPage = lazyPage(() => import('../features/games/pages/best-of-page'), 'BestOfPage');
const OutletsPage = lazyPage(() => import('../features/outlets/pages/outlets-page'), 'OutletsPage');
const OutletPage = lazyPage(() => import('../features/outlets/pages/outlet-page'), 'OutletPage');
const PrivacyPolicyPage = lazyPage(() => import('./privacy-policy-page'), 'PrivacyPolicyPage');
const AdminPage = lazyPage(() => import('../features/admin/pages/admin-page'), 'AdminPage');

/**
 * The site's routes, in React Router's declarative mode: the pages fetch their own data (swr), so the data
 * router's loaders, fetchers and forms would only add some 18 KB of gzipped JavaScript to the first paint.
 * The shell catches a page that throws or whose chunk cannot be loaded (RouteErrorBoundary) and keeps the
 * scroll position of each history entry (ScrollMemory).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="login-link" element={<LoginLinkPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="confirm" element={<ConfirmPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="confirm-email" element={<ConfirmEmailPage />} />
        <Route path="results" element={<SearchResultsPage />} />
        <Route path="games/:platformId" element={<CataloguePage />} />
        <Route path="game/:slug/:igdbID" element={<GameDetailPage />} />
        <Route path="news/allNews" element={<NewsListPage />} />
        <Route path="news/page/:page" element={<NewsListPage />} />
        <Route path="news/:slug" element={<NewsArticlePage />} />
        <Route path="user/profile" element={<ProfilePage />} />
        <Route path="user/reviews" element={<MyReviewsPage />} />
        <Route path="user/lists" element={<ListsPage />} />
        <Route path="user/games" element={<MyGamesPage />} />
        <Route path="user/activity" element={<ActivityPage />} />
        <Route path="user/notificaciones" element={<NotificationsPage />} />
        <Route path="user/avisos" element={<AlertSettingsPage />} />
        <Route path="user/datos" element={<DataPortabilityPage />} />
        <Route path="u/:username" element={<PublicProfilePage />} />
        <Route path="u/:username/:year" element={<YearInReviewPage />} />
        <Route path="posts" element={<Navigate to="/news/allNews" replace />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="como-calculamos-las-notas" element={<ScoringMethodPage />} />
        <Route path="medios" element={<OutletsPage />} />
        <Route path="mejores/genero/:genre" element={<BestOfPage />} />
        <Route path="mejores/:year" element={<BestOfPage />} />
        <Route path="mejores/:year/:platformId" element={<BestOfPage />} />
        <Route path="medios/:slug" element={<OutletPage />} />
        <Route path="politica-de-privacidad" element={<PrivacyPolicyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
