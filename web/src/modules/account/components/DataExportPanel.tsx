import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';

import { graphql } from '../../../gql';
import { userMessageOf } from '../../apollo/utils/graphql-errors';
import { useToast } from '../../toast/hooks/useToast';
import { Button, buttonClassName } from '../../ui/components/Button';
import { Spinner } from '../../ui/components/Spinner';

import styles from './AccountSettings.module.css';

const MY_EXPORTS = graphql(`
  query MyDataExports {
    myDataExports {
      id
      status
      createdAt
      expiresAt
      sizeBytes
      downloadUrl
    }
  }
`);

const REQUEST_EXPORT = graphql(`
  mutation RequestDataExport {
    requestDataExport {
      id
      status
    }
  }
`);

const formatSize = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.ceil(bytes / 1000)} KB`;

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Download my data": a ZIP built in the background, downloadable until its link expires. */
export const DataExportPanel = () => {
  const { toast } = useToast();
  const { data, startPolling, stopPolling } = useQuery(MY_EXPORTS, {
    fetchPolicy: 'cache-and-network',
  });
  const latest = data?.myDataExports[0];
  const preparing = latest?.status === 'PENDING' || latest?.status === 'RUNNING';
  useEffect(() => {
    if (preparing) startPolling(2_000);
    else stopPolling();
    return stopPolling;
  }, [preparing, startPolling, stopPolling]);
  const [requestExport, { loading }] = useMutation(REQUEST_EXPORT, {
    refetchQueries: ['MyDataExports'],
  });

  const onRequest = async () => {
    try {
      await requestExport();
      toast({
        title: 'Preparing your data',
        description: 'We are putting your data together. We will also email you when it is ready.',
      });
    } catch (error) {
      toast({
        title: 'Could not start',
        description: userMessageOf(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="account-data-title">
      <h3 id="account-data-title" className={styles.panelTitle}>
        Your data
      </h3>
      <p className={styles.text}>
        A ZIP with your profile, every generation with its prompt and image, your full credit
        history, your plan and invoices, and your messages to us.
      </p>
      {preparing && (
        <p className={styles.text} role="status">
          <Spinner /> Preparing your data…
        </p>
      )}
      {latest?.status === 'FAILED' && (
        <p className={styles.warning} role="alert">
          The last copy could not be prepared. Please try again.
        </p>
      )}
      {latest?.downloadUrl && latest.expiresAt && (
        <p className={styles.text} role="status">
          Ready{latest.sizeBytes ? ` (${formatSize(latest.sizeBytes)})` : ''}; the link works until{' '}
          {formatDate(latest.expiresAt)}.
        </p>
      )}
      <div className={styles.actions}>
        {latest?.downloadUrl && (
          <a className={buttonClassName({ size: 'sm' })} href={latest.downloadUrl} download>
            Download ZIP
          </a>
        )}
        <Button
          size="sm"
          variant="secondary"
          busy={loading}
          disabled={preparing}
          onClick={() => void onRequest()}
        >
          {latest?.downloadUrl ? 'Prepare a new copy' : 'Download my data'}
        </Button>
      </div>
    </section>
  );
};
