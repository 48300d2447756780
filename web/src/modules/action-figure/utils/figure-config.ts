import { addAccessory, removeAccessory, toggleAccessory } from './accessory-rules';
import type { ActionFigureConfig } from './action-figure-options';

export type FigureField = 'name' | 'profession' | 'pose' | 'style';

export type FigureErrors = Partial<Record<FigureField, string>>;

/** The form: a preset or a custom profession, never both; errors shown until edited. */
export type FigureForm = {
  name: string;
  /** The chosen preset's name, or null. */
  preset: string | null;
  customProfession: string;
  accessories: readonly string[];
  pose: string;
  style: string;
  errors: FigureErrors;
};

export const EMPTY_FIGURE_FORM: FigureForm = {
  name: '',
  preset: null,
  customProfession: '',
  accessories: [],
  pose: '',
  style: '',
  errors: {},
};

export const FIGURE_MESSAGES: Readonly<Record<FigureField, string>> = {
  name: 'Name is required',
  profession: 'Profession is required',
  pose: 'Pose is required',
  style: 'Style is required',
};

export type FigureAction =
  | { type: 'name'; value: string }
  | { type: 'preset'; name: string }
  | { type: 'customProfession'; value: string }
  | { type: 'toggleAccessory'; item: string }
  | { type: 'addAccessory'; raw: string }
  | { type: 'removeAccessory'; item: string }
  | { type: 'pose'; value: string }
  | { type: 'style'; value: string }
  | { type: 'errors'; errors: FigureErrors };

const clearError = (errors: FigureErrors, field: FigureField): FigureErrors => {
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
};

/**
 * Spec §4–5: choosing a profession or typing a custom one clears the accessories; editing a
 * field clears its error.
 */
export const figureFormReducer = (form: FigureForm, action: FigureAction): FigureForm => {
  switch (action.type) {
    case 'name':
      return { ...form, name: action.value, errors: clearError(form.errors, 'name') };
    case 'preset':
      return {
        ...form,
        preset: action.name,
        customProfession: '',
        accessories: [],
        errors: clearError(form.errors, 'profession'),
      };
    case 'customProfession':
      return {
        ...form,
        preset: null,
        customProfession: action.value,
        accessories: [],
        errors: clearError(form.errors, 'profession'),
      };
    case 'toggleAccessory':
      return { ...form, accessories: toggleAccessory(form.accessories, action.item) };
    case 'addAccessory':
      return { ...form, accessories: addAccessory(form.accessories, action.raw) };
    case 'removeAccessory':
      return { ...form, accessories: removeAccessory(form.accessories, action.item) };
    case 'pose':
      return { ...form, pose: action.value, errors: clearError(form.errors, 'pose') };
    case 'style':
      return { ...form, style: action.value, errors: clearError(form.errors, 'style') };
    case 'errors':
      return { ...form, errors: action.errors };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
};

export const professionOf = (form: FigureForm): string =>
  (form.preset ?? form.customProfession).trim();

/** The messages of the spec, in the form's order; empty when the form can make a prompt. */
export const validateFigureForm = (form: FigureForm): FigureErrors => {
  const errors: FigureErrors = {};
  if (!form.name.trim()) errors.name = FIGURE_MESSAGES.name;
  if (!professionOf(form)) errors.profession = FIGURE_MESSAGES.profession;
  if (!form.pose) errors.pose = FIGURE_MESSAGES.pose;
  if (!form.style) errors.style = FIGURE_MESSAGES.style;
  return errors;
};

/** The configuration sent to the API (packagingStyle and sceneEnvironment stay empty). */
export const figureConfigOf = (form: FigureForm): ActionFigureConfig => ({
  name: form.name.trim(),
  profession: professionOf(form),
  accessories: [...form.accessories],
  pose: form.pose,
  style: form.style,
  packagingStyle: '',
  sceneEnvironment: '',
});

/** Whether two configurations would give the same prompt. */
export const sameFigureConfig = (a: ActionFigureConfig, b: ActionFigureConfig): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
