import { describe, expect, it } from 'vitest';
import { parseInput } from '../../accounts/account-validation';
import { actionFigureConfigSchema, buildActionFigurePrompt } from './action-figure-prompt';
import { buildGenerationPrompt } from './style-prompts';

describe('style prompts', () => {
  it("uses the spec's default prompts when the user gives none", () => {
    expect(buildGenerationPrompt('ghibli', '').userPrompt).toBe(
      'Turn this image into a Ghibli studio style',
    );
    expect(buildGenerationPrompt('pixar', null).userPrompt).toBe(
      'Turn this image into a Pixar style character',
    );
    expect(buildGenerationPrompt('anime', '   ').userPrompt).toBe('Transform this image to anime');
  });

  it("keeps the user's prompt and adds the style's guidance", () => {
    const { userPrompt, prompt } = buildGenerationPrompt('chibi', 'Make her wave hello.');
    expect(userPrompt).toBe('Make her wave hello.');
    expect(prompt).toMatch(/^Make her wave hello\. Keep the person recognisable\. Chibi style/);
  });
});

describe('action figure prompt', () => {
  const valid = {
    name: ' Eileen ',
    profession: 'Astronaut',
    accessories: ['Helmet', '', 'Helmet', 'Flight plan'],
    pose: 'Victory Pose',
    style: 'Modern Collectible',
  };

  it.each([
    [{ ...valid, name: '   ' }, 'Name is required'],
    [{ ...valid, profession: '' }, 'Profession is required'],
    [{ ...valid, pose: '' }, 'Pose is required'],
    [{ ...valid, style: undefined }, 'Style is required'],
  ])('refuses an incomplete config %# with the spec message', (config, message) => {
    expect(() => parseInput(actionFigureConfigSchema, config)).toThrow(message);
  });

  it('names the figure, its profession and de-duplicated accessories', () => {
    const prompt = buildActionFigurePrompt(parseInput(actionFigureConfigSchema, valid));
    expect(prompt).toContain('action figure of Eileen, Astronaut, in a modern collectible style');
    expect(prompt).toContain('The figure stands in a "victory" pose.');
    expect(prompt).not.toMatch(/pose"? pose/i);
    const crossed = buildActionFigurePrompt(
      parseInput(actionFigureConfigSchema, { ...valid, pose: 'Crossed Arms' }),
    );
    expect(crossed).toContain('The figure stands in a "crossed arms" pose.');
    expect(prompt).toContain(
      'Accessories in their own slots beside the figure: Helmet, Flight plan.',
    );
    expect(prompt).toContain('"Eileen" in bold letters with "Astronaut" underneath');
  });
});
