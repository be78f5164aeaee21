import useSWR from 'swr';
import { apiFetch, swrFetcher } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { FollowApproval, Follower, FollowRequest } from '../../../lib/types';

export const useFollowRequests = () =>
  useSWR<FollowRequest[]>(apiPaths.user.followRequests(), swrFetcher<FollowRequest[]>);

export const useFollowers = () => useSWR<Follower[]>(apiPaths.user.followers(), swrFetcher<Follower[]>);

export const approveFollowRequest = (username: string) =>
  apiFetch<FollowApproval>(apiPaths.user.followRequest(username), { method: 'PUT' });

export const refuseFollowRequest = (username: string) =>
  apiFetch<void>(apiPaths.user.followRequest(username), { method: 'DELETE' });

export const removeFollower = (username: string) =>
  apiFetch<void>(apiPaths.user.follower(username), { method: 'DELETE' });
