/** English, onboarding part: the onboarding carousels' slides. */
export const messages = {
  /** The onboarding carousels (spec 1 §2: five slides; the Eggtoplasm carousel has three). */
  onboarding: {
    slideOf: (n: number, count: number) => `Slide ${n} of ${count}`,
    loadingQuestline: 'Loading questline...',
    slides: [
      {
        title: 'Eidol and Cryptonomics',
        text:
          'Welcome to Cryptonomics, the realm where coin is conjured by play. Here lives the Eidol: a creature of pure value, ' +
          'bound to you by Mastership. Its body is its worth in ANGLS, and as it grows, so does your purse. Every Crypto Aeon ' +
          'the realm mines new coin and shares it among the masters whose Eidols dare. That is the Gamified Basic Income.',
      },
      {
        title: 'Eggs and Shops',
        text:
          'Every Eidol begins as an egg. Buy one in the Mage Shop or grow a free one, and it hatches into your first companion. ' +
          'The shops also sell what an Eidol needs on its path: Golden Cookies to feed it, Precision Apples to sharpen its aim, ' +
          'Extracts and Tomes for the deeper arts.',
      },
      {
        title: 'Risk and Aeons',
        text:
          'Time in Cryptonomics flows in Crypto Aeon blocks. Before a block is mined, raise your Eidol\u2019s risk angle anywhere ' +
          'from 0 to 90 degrees. When the block settles, the realm draws its threshold: Eidols that stayed beneath it win a share ' +
          'of the pot, those above it lose their stake. The steeper the angle, the richer the yield, and the harder the fall.',
      },
      {
        title: 'Experience and Transmutation',
        text:
          'Eggs gain experience every Aeon until they hatch; Eidols that take risks learn faster still. Experience brings levels, ' +
          'and at level 11 an Eidol may be transmuted. Most rise as Egregori, spirits woven from the will of many masters; the ' +
          'rarest ascend as an Egod, a small god of the realm.',
      },
      {
        title: 'Traits and Popping',
        text:
          'Each Eidol carries traits. Precise lets you set its angle with finer digits; Yieldy lowers the stake it risks while its ' +
          'share of the yield stays the same. When you wish to cash in, pop your Eidol: its value flows back into your purse in ' +
          'ANGLS, and the higher its level, the more of it returns.',
      },
    ],
    ectoSlides: [
      {
        title: 'Eggtoplasm',
        text:
          'Eggtoplasm is the raw stuff Eidols are made of: a shapeless jar of promise. Alone it cannot act; it must first be ' +
          'filled with experience, Aeon after Aeon.',
      },
      {
        title: 'Enchanting the Jar',
        text:
          'Enchant an Eggtoplasm Jar to bind it to you, then feed it the passing Aeons. Its experience grows like an egg\u2019s, ' +
          'whatever the angle of the realm.',
      },
      {
        title: 'Transmuting Eggtoplasm',
        text:
          'When the jar is fully experienced, Transmute Eggtoplasm and it takes form as a new Eidol, ready to dare the Aeons ' +
          'beside your others.',
      },
    ],
  },
};
