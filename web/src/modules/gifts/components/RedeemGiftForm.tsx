import { useMutation } from '@apollo/client/react';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { graphql } from '../../../gql';
import { userMessageOf } from '../../apollo/utils/graphql-errors';
import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { Button } from '../../ui/components/Button';
import { FormField, formAlertClassName, formControlClassName } from '../../ui/components/FormField';

import styles from './Gifts.module.css';

const REDEEM_GIFT = graphql(`
  mutation RedeemGift($code: String!) {
    redeemGift(code: $code) {
      giftId
      credits
    }
  }
`);

/** `/redeem?code=…&continue=1`: back from signing up, the redemption continues by itself. */
const CONTINUE_PARAM = 'continue';

export const RedeemGiftForm = () => {
  const [params, setParams] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<number | null>(null);
  const { user, loading } = useCurrentUser();
  const { openAuthModal } = useAuthModal();
  const [redeemGift, { loading: pending }] = useMutation(REDEEM_GIFT, {
    refetchQueries: ['CurrentUser'],
  });
  const continued = useRef(false);

  const submit = async (typed: string) => {
    setError(null);
    if (!user) {
      openAuthModal({
        mode: 'register',
        redirectTo: `/redeem?code=${encodeURIComponent(typed.trim())}&${CONTINUE_PARAM}=1`,
        purpose: { kind: 'redeem' },
      });
      return;
    }
    try {
      const { data } = await redeemGift({ variables: { code: typed } });
      setRedeemed(data?.redeemGift.credits ?? null);
    } catch (failure) {
      setError(userMessageOf(failure) ?? 'The gift could not be redeemed. Please try again.');
    }
  };

  // Redeeming after the sign-up is the user's submit, fired once the session is known.
  const continueRedeeming = useEffectEvent(() => {
    const next = new URLSearchParams(params);
    next.delete(CONTINUE_PARAM);
    setParams(next, { replace: true });
    if (code.trim()) void submit(code);
  });
  const wantsToContinue = params.get(CONTINUE_PARAM) !== null;
  useEffect(() => {
    if (loading || !user || continued.current || !wantsToContinue) return;
    continued.current = true;
    continueRedeeming();
  }, [loading, user, wantsToContinue]);

  if (redeemed !== null) {
    return (
      <div className={styles.panel} role="status">
        <h2 className={styles.title}>{redeemed} credits added to your account</h2>
        <p>They are paid credits and expire 24 months after the gift was bought.</p>
        <Link to="/profile">See your credit history</Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  return (
    <form className={styles.panel} onSubmit={onSubmit} noValidate>
      <FormField
        id="gift-code"
        label="Gift code"
        required
        hint="16 letters and digits, as on the gift card (XXXX-XXXX-XXXX-XXXX)"
      >
        <input
          id="gift-code"
          className={formControlClassName}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
        />
      </FormField>
      {error && (
        <p className={formAlertClassName} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" disabled={pending || !code.trim()}>
        {pending ? 'Redeeming...' : user || loading ? 'Redeem gift' : 'Sign up to redeem'}
      </Button>
    </form>
  );
};
