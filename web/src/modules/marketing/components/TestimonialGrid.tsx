import { initialsOf } from '../../layout/utils/initials-of';

import styles from './TestimonialGrid.module.css';

export type Testimonial = {
  quote: string;
  name: string;
  role: string;
};

export const TestimonialGrid = ({ testimonials }: { testimonials: readonly Testimonial[] }) => (
  <ul className={styles.grid}>
    {testimonials.map((testimonial) => (
      <li key={testimonial.name}>
        <figure className={styles.card}>
          <blockquote className={styles.quote}>
            <p>{testimonial.quote}</p>
          </blockquote>
          <figcaption className={styles.author}>
            <span className={styles.avatar} aria-hidden="true">
              {initialsOf(testimonial.name)}
            </span>
            <span>
              <span className={styles.name}>{testimonial.name}</span>
              <br />
              <span className={styles.role}>{testimonial.role}</span>
            </span>
          </figcaption>
        </figure>
      </li>
    ))}
  </ul>
);
