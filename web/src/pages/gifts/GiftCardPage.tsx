import { Navigate, useSearchParams } from 'react-router';

import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { useCurrentUser } from '../../modules/auth/hooks/useCurrentUser';
import { GiftCard } from '../../modules/gifts/components/GiftCard';
import { Container } from '../../modules/ui/components/Container';
import { Spinner } from '../../modules/ui/components/Spinner';

/** `/gift-card?id=<gift id>`: the buyer's printable card. */
export const GiftCardPage = () => {
  usePageMeta({ title: pageTitle('Gift card'), noIndex: true });
  const [params] = useSearchParams();
  const { user, loading } = useCurrentUser();
  const giftId = params.get('id');
  if (loading) return <Spinner label="Loading" />;
  if (!user)
    return (
      <Navigate
        to={`/auth?redirect=${encodeURIComponent(`/gift-card?id=${giftId ?? ''}`)}`}
        replace
      />
    );
  return (
    <Container>
      {giftId ? <GiftCard giftId={giftId} /> : <p role="alert">This gift card does not exist.</p>}
    </Container>
  );
};
