// The texts the page opens with: two near-duplicates and one unrelated text.
export const EXAMPLES = [
  'The committee met on Tuesday to discuss the budget for the coming year. It agreed to raise spending on roads, schools and parks, and to cut administrative costs by ten percent over three years.',
  'The committee met on Wednesday to discuss the budget for the coming year. It agreed to raise spending on roads, schools and parks, and to cut administrative costs by ten per cent over the next three years.',
  'Cook the pasta in plenty of salted water. Meanwhile warm olive oil with sliced garlic and chili flakes, toss the drained pasta in it with parsley, and serve with grated cheese.',
];
