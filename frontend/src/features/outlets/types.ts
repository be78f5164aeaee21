export interface OutletDeviation {
  mean: number | null;
  ci95: [number, number] | null;
  games: number;
}

export interface Outlet {
  slug: string;
  name: string;
  country: string | null;
  language: string | null;
  domain: string | null;
  reviews: number;
  average: number | null;
  deviation: OutletDeviation;
}

export interface OutletPage {
  content: Outlet[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
}

export interface OutletReview {
  igdbID: number;
  title: string;
  rating: number | null;
  date: string | null;
}

export interface OutletCall {
  igdbID: number;
  title: string;
  score: number;
  othersMean: number;
  othersCount: number;
  difference: number;
}

export interface OutletDifferences {
  histogram: number[];
  binWidth: number;
  generous: OutletCall[];
  harsh: OutletCall[];
}

export interface OutletAgreement {
  games: number;
  meanDifference: number | null;
  meanAbsoluteDifference: number | null;
  correlation: number | null;
}
