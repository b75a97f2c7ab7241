// The examples the OpenAPI document shows: GET URLs (offered as links on /docs), JSON bodies, and the query string
// beside a CSV body. Tests render every one of them, so each must stay a valid request.
export const GET_EXAMPLES = [
  {
    summary: 'Choropleth with a legend title',
    url: '/map.svg?scope=world&data=US:200,CN:150,IN:80,BR:60,RU:120&theme=dark&legendTitle=Sample',
  },
  {
    summary: 'Flat colours per region',
    url: '/map.svg?scope=world&data=RO:1:%23ff0000,DE:2:%2300ff00,FR:3&theme=light',
  },
  {
    summary: "Romania's counties, any id spelling",
    url: '/map.svg?scope=RO&data=RO-B:500,CJ:200,Ia%C8%99i:150,RO.TM:180&theme=light',
  },
  {
    summary: 'Text categories with patterns and a tooltip',
    url: '/map.svg?scope=world&data=US:High,CN:High,IN:Mid,BR:Low&patterns=BR:stripes&annotations=US:Largest+economy',
  },
  {
    summary: 'Markers, a military symbol and a sea route',
    url: '/map.svg?scope=world&markers=44.43,26.10:pin:Bucharest%3B30.04,31.24:10031000001211000000:Unit&routes=31.23,121.47%3E51.92,4.48:sea:arrow',
  },
  {
    summary: 'A box with furniture, as a sharp PNG',
    url: '/map.png?scope=world&bbox=-12,34,32,60&northArrow=true&scaleBar=true&graticule=true&scale=2',
  },
];

export const BODY_EXAMPLES: Record<string, { summary: string; value: Record<string, unknown> }> = {
  choropleth: {
    summary: 'A choropleth with a title',
    value: {
      scope: 'world',
      theme: 'light',
      title: 'World GDP',
      legendTitle: 'bn USD',
      regions: [
        { id: 'US', value: 200 },
        { id: 'DE', value: 95, color: '#1a6bcc' },
        { id: 'FR', value: 40 },
        { id: 'CN', value: 150 },
      ],
    },
  },
  categories: {
    summary: 'Text categories, a pattern and a tooltip',
    value: {
      scope: 'world',
      colorScale: 'categorical',
      legendTitle: 'Tier',
      regions: [
        { id: 'US', value: 'High' },
        { id: 'CN', value: 'High' },
        { id: 'IN', value: 'Mid' },
        { id: 'BR', value: 'Low', pattern: 'stripes', annotation: 'Growing fast' },
      ],
    },
  },
  romania: {
    summary: "Romania's counties, with labels",
    value: {
      scope: 'RO',
      theme: 'light',
      regions: [
        { id: 'RO-B', value: 500 },
        { id: 'CJ', value: 200 },
        { id: 'Iași', value: 150 },
        { id: 'RO.TM', value: 180 },
      ],
      labels: 'ISO',
    },
  },
  layers: {
    summary: 'Markers, routes and proportional circles',
    value: {
      scope: 'world',
      theme: 'dark-blue',
      markers: [
        { lat: 44.43, lon: 26.1, icon: 'pin', label: 'Bucharest' },
        { lat: 30.04, lon: 31.24, sidc: '10031000001211000000', label: 'Unit', size: 28 },
      ],
      routes: [
        { from: 'DE', to: 'BR', style: 'dashed', arrow: true },
        { fromLatLon: [31.23, 121.47], toLatLon: [51.92, 4.48], mode: 'sea', color: '#60a5fa' },
      ],
      proportional: [
        { id: 'US', value: 330 },
        { id: 'CN', value: 1400 },
        { id: 'IN', value: 1380 },
      ],
    },
  },
  shapes: {
    summary: 'A GeoJSON overlay in a box',
    value: {
      scope: 'world',
      theme: 'light',
      bbox: [10, 40, 35, 52],
      shapes: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [20, 44],
                  [30, 44],
                  [30, 48],
                  [20, 48],
                  [20, 44],
                ],
              ],
            },
            properties: { fill: '#f59e0b', opacity: 0.5, title: 'Area of interest' },
          },
          {
            type: 'Feature',
            geometry: {
              type: 'LineString',
              coordinates: [
                [12, 42],
                [26.1, 44.43],
              ],
            },
            properties: { stroke: '#dc2626', strokeWidth: 2, dashArray: [4, 2] },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [26.1, 44.43] },
            properties: { radius: 6, fill: '#dc2626' },
          },
        ],
      },
    },
  },
};

export const CSV_QUERY_EXAMPLE = '/render/map?scope=world&theme=light';
