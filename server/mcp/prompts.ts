// Prompts for the common tasks, which the host's own model follows with the tools: a choropleth from a pasted
// table, a map for a README with alt text that says what it shows, and changing a map made before (named as the
// hosted service's server names the last two).
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import { ToolError } from './map-service.ts';

interface PromptDefinition extends Prompt {
  lines(args: Record<string, string | undefined>): string[];
}

const DEFINITIONS: PromptDefinition[] = [
  {
    name: 'table_map',
    title: 'Choropleth from a table',
    description: 'Turn a pasted table (a region column and a number column) into a choropleth map.',
    arguments: [
      { name: 'table', description: 'The table, as pasted: CSV, tab-separated or a Markdown table.', required: true },
      { name: 'subject', description: 'What the numbers measure, with their unit.' },
    ],
    lines: ({ table, subject }) => [
      'Make a choropleth map of this table.',
      '',
      table ?? '',
      subject ? `\nThe numbers measure: ${subject}` : '',
      '',
      '- Decide the scope from the regions: countries are scope "world" (or a group, "EU"), the regions of one country its code ("DE", "US").',
      "- Call list_regions for that scope and map each row's name to its id; leave out the rows that are no region (totals, notes) and say which.",
      '- Call create_map with the values as numbers, never as text; a title saying what is shown, the unit in subtitle and legendTitle.',
      '- Read the warnings: an id left off the map is a row to fix and draw again.',
      '- Answer with the PNG, the svg_url and one sentence on what the map shows.',
    ],
  },
  {
    name: 'readme_map',
    title: 'Map for a README',
    description:
      'Make a map and give the Markdown or HTML to paste into a README, with alt text that says what it shows.',
    arguments: [
      { name: 'subject', description: 'What the map should show.', required: true },
      { name: 'format', description: '`markdown` (the default) or `html`.' },
    ],
    lines: ({ subject, format }) => [
      `Make a map showing: ${subject}`,
      '',
      `Then give a ${format === 'html' ? 'HTML' : 'Markdown'} snippet to paste, and nothing around it.`,
      '- Use theme "light": most READMEs are read on a light page.',
      '- Link the svg_url: it draws in an <img> without JavaScript and stays the same map.',
      '- Write real alt text: what the map shows and what a reader should take from it (the extremes, the pattern), not "map".',
    ],
  },
  {
    name: 'refine_map',
    title: 'Refine a map',
    description: 'Change a map made before in plain words: "make Ukraine blue", "add the ports", "a diverging scale".',
    arguments: [
      { name: 'map', description: 'The URL of the map to change.', required: true },
      { name: 'change', description: 'What to change, in plain words.', required: true },
    ],
    lines: ({ map, change }) => [
      `Here is a map: ${map}`,
      '',
      `Change it: ${change}`,
      '',
      '- Keep everything not asked to change.',
      '- Markers, routes, circles, patterns, annotations and labels: pass the URL to add_layers, which keeps what is on it.',
      '- Anything else (colours, scale, theme, title): call create_map again with the same data and the change.',
      '- Resolve places with find_places, never guess coordinates.',
    ],
  },
];

export const PROMPTS: Prompt[] = DEFINITIONS.map(({ lines: _lines, ...prompt }) => prompt);

export function getPrompt(name: string, args: Record<string, string> = {}): GetPromptResult {
  const prompt = DEFINITIONS.find((p) => p.name === name);
  if (!prompt) throw new ToolError(`no prompt ${name}: the prompts are ${PROMPTS.map((p) => p.name).join(', ')}`);
  const missing = prompt.arguments?.find((a) => a.required && !args[a.name]);
  if (missing) throw new ToolError(`prompt ${name} needs ${missing.name}`, missing.name);
  return {
    description: prompt.description,
    messages: [
      {
        role: 'user',
        content: {
          type: 'text',
          text: prompt
            .lines(args)
            .filter((line, i, all) => line !== '' || all[i - 1] !== '')
            .join('\n'),
        },
      },
    ],
  };
}
