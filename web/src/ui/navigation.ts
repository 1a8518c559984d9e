import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';

/** A small history-like facade over react-router's navigate, so pages read plainly. */
export function useHistory() {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      push: (to: string) => navigate(to),
      replace: (to: string) => navigate(to, { replace: true }),
    }),
    [navigate],
  );
}
