import { Link } from 'react-router';

import { ART_STYLES, SIDEBAR_STYLE_IDS } from '../../art-styles/utils/art-styles';
import { BRAND_NAME } from '../../app/utils/brand';
import { ButtonLink } from '../../ui/components/Button';
import { Container } from '../../ui/components/Container';
import { IconMail } from '../../ui/icons/icons';
import { COMPANY_LINKS, LEGAL_LINKS } from '../utils/nav-links';
import type { NavLinkItem } from '../utils/nav-links';

import styles from './AppFooter.module.css';
import { BrandLogo } from './BrandLogo';

const STYLE_LINKS: NavLinkItem[] = SIDEBAR_STYLE_IDS.map((id) => ({
  label: ART_STYLES[id].name,
  to: ART_STYLES[id].path,
}));

const FooterColumn = ({ title, links }: { title: string; links: readonly NavLinkItem[] }) => (
  <nav aria-label={title}>
    <h2 className={styles.heading}>{title}</h2>
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={styles.link}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  </nav>
);

export const AppFooter = () => (
  <footer className={styles.footer}>
    <Container>
      <div className={styles.grid}>
        <div className={styles.about}>
          <BrandLogo />
          <p className={styles.blurb}>
            Character art from a single photo: action figures, Ghibli, Pixar, anime, Snoopy comic
            and chibi styles. Your photos are deleted after processing.
          </p>
          <ButtonLink to="/contact" variant="secondary" size="sm" icon={<IconMail size={18} />}>
            Contact Support
          </ButtonLink>
        </div>
        <FooterColumn title="Styles" links={STYLE_LINKS} />
        <FooterColumn title="Company" links={COMPANY_LINKS} />
        <FooterColumn title="Legal" links={LEGAL_LINKS} />
      </div>
      <div className={styles.bottom}>
        <p>
          © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
        </p>
        <p>Made for creators, gift givers and pet people.</p>
      </div>
    </Container>
  </footer>
);
