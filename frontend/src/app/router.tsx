import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AppShell } from './app-shell';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

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
const DataPortabilityPage = lazyPage(
  () => import('../features/diary/pages/data-portability-page'),
  'DataPortabilityPage',
);
const PublicProfilePage = lazyPage(
  () => import('../features/diary/pages/public-profile-page'),
  'PublicProfilePage',
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

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'login-link', element: <LoginLinkPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'confirm', element: <ConfirmPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'confirm-email', element: <ConfirmEmailPage /> },
          { path: 'results', element: <SearchResultsPage /> },
          { path: 'games/:platformId', element: <CataloguePage /> },
          { path: 'game/:slug/:igdbID', element: <GameDetailPage /> },
          { path: 'news/allNews', element: <NewsListPage /> },
          { path: 'news/page/:page', element: <NewsListPage /> },
          { path: 'news/:slug', element: <NewsArticlePage /> },
          { path: 'user/profile', element: <ProfilePage /> },
          { path: 'user/reviews', element: <MyReviewsPage /> },
          { path: 'user/lists', element: <ListsPage /> },
          { path: 'user/games', element: <MyGamesPage /> },
          { path: 'user/activity', element: <ActivityPage /> },
          { path: 'user/datos', element: <DataPortabilityPage /> },
          { path: 'u/:username', element: <PublicProfilePage /> },
          { path: 'posts', element: <Navigate to="/news/allNews" replace /> },
          { path: 'admin', element: <AdminPage /> },
          { path: 'como-calculamos-las-notas', element: <ScoringMethodPage /> },
          { path: 'medios', element: <OutletsPage /> },
          { path: 'mejores/genero/:genre', element: <BestOfPage /> },
          { path: 'mejores/:year', element: <BestOfPage /> },
          { path: 'mejores/:year/:platformId', element: <BestOfPage /> },
          { path: 'medios/:slug', element: <OutletPage /> },
          { path: 'politica-de-privacidad', element: <PrivacyPolicyPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
