import { graphql } from '../../../gql';
import { usePublicQuery } from '../../graphql/hooks/usePublicQuery';

import styles from './PreviewEngineNotice.module.css';

const IMAGE_ENGINE = graphql(`
  query ImageEngine {
    imageEngine {
      preview
    }
  }
`);

/**
 * Says so when the built-in offline engine makes the pictures (no image service is set up on
 * this server), and which words of a prompt it follows. Nothing when the production model serves.
 * A plain fetch (no GraphQL client), so a creator hydrates without the client.
 */
export const PreviewEngineNotice = () => {
  const { data } = usePublicQuery(IMAGE_ENGINE);
  if (!data?.imageEngine.preview) return null;
  return (
    <aside className={styles.notice} data-testid="preview-engine-notice">
      <p className={styles.title}>
        <span className={styles.badge}>Preview engine</span> Made offline on this server
      </p>
      <p>
        Pictures here come from the built-in offline preview engine: a quick, honest sketch of the
        style. The production image model gives the real style.
      </p>
      <details className={styles.words}>
        <summary>Which prompt words it follows</summary>
        <p>
          Colours (red, blue, pink…), the time of day (morning, sunset, night), the weather (sunny,
          rain, snow, fog, storm), places (beach, city, forest, snow, mountains, meadow, space,
          desert) and things for the background (doghouse, house, tree, balloon, rainbow, moon,
          castle, boat, kite, flowers, rocket, lighthouse, car…). Each new generation is a new
          variation.
        </p>
      </details>
    </aside>
  );
};
