import { describe, expect, it } from 'vitest';

import {
  EMPTY_FIGURE_FORM,
  figureConfigOf,
  figureFormReducer,
  validateFigureForm,
  type FigureAction,
  type FigureForm,
} from './figure-config';

const apply = (form: FigureForm, ...actions: FigureAction[]) =>
  actions.reduce(figureFormReducer, form);

describe('action figure form', () => {
  it('asks for name, profession, pose and style with the spec’s messages', () => {
    expect(validateFigureForm(EMPTY_FIGURE_FORM)).toEqual({
      name: 'Name is required',
      profession: 'Profession is required',
      pose: 'Pose is required',
      style: 'Style is required',
    });
    expect(validateFigureForm(apply(EMPTY_FIGURE_FORM, { type: 'name', value: '   ' })).name).toBe(
      'Name is required',
    );
  });

  it('clears each error when its field is edited, and only that one', () => {
    const errors = validateFigureForm(EMPTY_FIGURE_FORM);
    let form = apply(EMPTY_FIGURE_FORM, { type: 'errors', errors });
    form = apply(form, { type: 'name', value: 'E' });
    expect(Object.keys(form.errors)).toEqual(['profession', 'pose', 'style']);
    form = apply(form, { type: 'customProfession', value: 'Astronaut' });
    expect(Object.keys(form.errors)).toEqual(['pose', 'style']);
    form = apply(form, { type: 'pose', value: 'Victory Pose' });
    form = apply(form, { type: 'style', value: 'Cartoon' });
    expect(form.errors).toEqual({});
  });

  it('clears the accessories when a profession is chosen or typed', () => {
    let form = apply(
      EMPTY_FIGURE_FORM,
      { type: 'preset', name: 'Chef' },
      { type: 'toggleAccessory', item: 'Whisk' },
      { type: 'addAccessory', raw: 'Apron' },
    );
    expect(form.accessories).toEqual(['Whisk', 'Apron']);
    form = apply(form, { type: 'preset', name: 'Baker' });
    expect(form.accessories).toEqual([]);
    form = apply(form, { type: 'addAccessory', raw: 'Rolling pin' });
    form = apply(form, { type: 'customProfession', value: 'Pastry chef' });
    expect(form).toMatchObject({ preset: null, customProfession: 'Pastry chef', accessories: [] });
  });

  it('builds the API configuration from the form', () => {
    const form = apply(
      EMPTY_FIGURE_FORM,
      { type: 'name', value: '  Eileen ' },
      { type: 'preset', name: 'Astronaut' },
      { type: 'addAccessory', raw: 'Helmet' },
      { type: 'pose', value: 'Victory Pose' },
      { type: 'style', value: 'Modern Collectible' },
    );
    expect(validateFigureForm(form)).toEqual({});
    expect(figureConfigOf(form)).toEqual({
      name: 'Eileen',
      profession: 'Astronaut',
      accessories: ['Helmet'],
      pose: 'Victory Pose',
      style: 'Modern Collectible',
      packagingStyle: '',
      sceneEnvironment: '',
    });
  });
});
