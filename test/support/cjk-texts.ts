// Sample text in Chinese, Japanese and Korean for tokens: 'cjk-chars': the golden file's texts are cut from these
// (cjk-golden.ts), and the bench (bench/cjk.ts) and the one-character-edit measurement use them as running text.

/** Sentences of ordinary Chinese prose (simplified), with the full-width punctuation it is written with. */
export const CHINESE_SENTENCES = [
  '今年春天，市政府决定在城市东边修建一座新的公园，方便附近的居民散步和锻炼身体。',
  '这个公园占地大约三十公顷，里面有湖泊、草坪、儿童游乐场和一条长达五公里的自行车道。',
  '工程从三月开始，预计明年秋天完工，总投资约为两亿元人民币。',
  '负责设计的建筑师表示，他们希望保留原有的树木，让公园看起来更加自然。',
  '许多居民在网上留言，认为这是一个好消息，但也有人担心施工期间的噪音会影响生活。',
  '为此，施工单位承诺晚上十点以后停止作业，并且每周公布一次工程进度。',
  '除了公园以外，政府还计划在附近增加两条公交线路和一个地铁站。',
  '专家指出，城市绿地不仅能够改善空气质量，还可以降低夏天的气温。',
  '根据去年的调查，本市人均公园绿地面积只有八平方米，低于全国平均水平。',
  '市长在新闻发布会上说，今后五年内还要再建十个社区公园。',
  '图书馆周末开放的时间延长到晚上九点，学生们可以在这里安静地复习功课。',
  '他每天早上六点起床，先喝一杯热茶，然后骑车去学校上课。',
];

/** Japanese: kanji with hiragana and katakana, as written. */
export const JAPANESE_SENTENCES = [
  '東京タワーは高さ三百三十三メートルの電波塔です。',
  '週末は友だちと一緒に京都へ行って、古いお寺をたくさん見ました。',
  '新しいスマートフォンのカメラはとてもきれいな写真が撮れます。',
  'この町のラーメン屋さんは、いつも昼ごろになると長い行列ができる。',
  '会議は午後二時から始まりますので、資料を準備しておいてください。',
  'ひらがなとカタカナを覚えたら、次はやさしい漢字を練習しましょう。',
  '今日は雨が降っているので、コンビニで傘を買いました。',
  'ｶﾞｲﾄﾞﾌﾞｯｸによると、この美術館は月曜日が休館日だそうです。',
];

/** Korean (Hangul, written with spaces between words). */
export const KOREAN_SENTENCES = [
  '서울은 대한민국의 수도이며 인구가 약 천만 명입니다.',
  '오늘 아침에 친구와 함께 한강 공원에서 자전거를 탔어요.',
  '이 식당의 김치찌개는 맛이 정말 좋고 가격도 저렴합니다.',
  '다음 주 월요일에 중요한 회의가 있어서 보고서를 준비하고 있다.',
  '한글은 세종대왕이 1443년에 만든 문자입니다.',
];

/** Latin words, digits and other scripts that sit beside CJK text (Greek and Turkish to test casing at the edges). */
export const OTHER_FRAGMENTS = [
  'Hello', 'WORLD', 'simhash', 'GPT-4', 'iPhone 15 Pro', '2024', '3.14159', '100%', 'ΑΣ', 'ΟΔΟΣ', 'İstanbul',
  'naïve café', 'Привет', 'ข้อความภาษาไทย', 'COVID-19', 'https://example.com/a?b=1', 'user@example.org', '１２３', 'ＡＢＣ',
];

/** Code points at the edges of the CJK definition: astral Han, iteration marks, prolonged sound marks, jamo, numerals. */
export const EDGE_FRAGMENTS = [
  '𠀀', '𠮷野家', '𩸽', '𪚲', '𰻞𰻞麵', '々', '〇', 'ー', 'ｰ', 'ﾞ', 'ゝ', 'ヽ', '〆', '㊀', '㈠', 'ᄀ', 'ᅡ', 'ᆨ', 'ㄱ', 'ㅏ',
  '가', '힣', '\u3099', '\u309a', 'か\u3099', '、', '。', '「', '」', '・', '〜', '！', '？', '：', '\u3000', '丶', '⺀', '⼀', '豈',
];

/** A paragraph of running Chinese of at least `length` characters, sentences in order from `first`. */
export function chineseParagraph(length: number, first = 0): string {
  let text = '';
  for (let i = first; text.length < length; i++) text += CHINESE_SENTENCES[i % CHINESE_SENTENCES.length];
  return text;
}
