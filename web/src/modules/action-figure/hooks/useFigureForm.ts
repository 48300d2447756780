import { useEffect, useReducer } from 'react';

import { EMPTY_FIGURE_FORM, figureFormReducer, type FigureForm } from '../utils/figure-config';

/** Kept while the app is open, like the page's photo and prompt, so a visit elsewhere loses nothing. */
let remembered: FigureForm = EMPTY_FIGURE_FORM;

/** The action figure form's state, restored (without its error messages) on the next visit. */
export const useFigureForm = () => {
  const [form, dispatch] = useReducer(figureFormReducer, remembered, (saved) => ({
    ...saved,
    errors: {},
  }));
  useEffect(() => {
    remembered = form;
  }, [form]);
  return [form, dispatch] as const;
};
