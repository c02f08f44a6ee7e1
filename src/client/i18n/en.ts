/**
 * The English messages: every player-facing text of the client, grouped by screen or area. Plain strings,
 * and functions for texts with values in them. The spec's texts are exact requirements (spelling included:
 * "Insufficent", "succesfull", "commited" are the spec's), so a change here is a change the e2e suite sees.
 * Other languages copy this file's keys (see catalogues.ts); the `Messages` type keeps them complete.
 */
export const en = {
  /** Words shared by many screens. */
  common: {
    back: 'Back',
    return: 'Return',
    close: 'Close',
    continue: 'Continue',
    tryAgain: 'Try again',
    loading: 'Loading…',
    copied: 'Copied',
    done: 'Done',
    doneBang: 'Done!',
    sending: 'Sending...',
    processing: 'Processing...',
    processingTransaction: 'Processing transaction...',
    invokeMastership: 'Invoke Mastership',
    lockedForAeon: 'Locked for Aeon Computing',
    fetchingData: 'Fetching data...',
    fetchingAeonData: 'Fetching Aeon Data...',
    somethingWentWrong: 'Something went wrong',
    tagline: 'The Gamified Basic Income',
    createAccount: 'Create Account',
    logIn: 'Log In',
    logout: 'Logout',
    about: 'About',
    email: 'E-mail',
    password: 'Password',
    noEidol: 'No Eidol',
    noEidolYet: 'You have no Eidol yet.',
    splash: 'Stabilizing Quantum-Temporal Flux...',
    precalculateGas: 'Precalculate transaction GAS',
    enterCryptonomics: 'Enter Cryptonomics',
    verificationSent: 'Verification e-mail sent.',
    confirmYourEmail: 'Confirm your e-mail',
  },
  /** Currency and unit names as the screens show them. */
  units: {
    ngls: 'ANGLS',
    busd: 'USDC',
    bnb: 'BNB',
    gdao: 'gDAO',
    gdaoTokens: 'gDAO tokens',
    xp: 'XP',
  },
  /** The round countdown (spec 1 §2, spec 2 §2, spec 3 §2). */
  round: {
    fetching: 'Fetching Aeon Data...',
    open: 'Next Crypto Aeon Block in',
    locked: 'Mining Crypto Aeon Block',
    reloading: 'Starting new Crypto Aeon',
    areaOpen: 'Next Crypto Aeon in',
    areaLocked: 'Computing Crypto Aeon',
  },
  /** Buttons driven by the client's machines. */
  machines: {
    submitSending: 'Sending data...',
    worldSending: 'Processing action...',
    worldDone: 'Action Complete!',
  },
  /** Texts of the HTTP client and the pushed server events. */
  net: {
    csrfFailed: 'CSRF fetch failed',
    unauthenticated: 'Unauthenticated.',
    tooManyRequests: 'Too many requests. Please wait a moment.',
    transactionDone: 'Transaction completed',
    transactionFailed: 'Transaction failed',
  },
  /** The Forum's activity notices (spec 3 §8). */
  notices: {
    forumyell: 'Someone yelling at the Forum!',
    forumlike: (name: string) => `${name} luves you!`,
    forumincense: (name: string) => `${name} burning incense at the Forum!`,
    forumcaravan: (name: string) => `${name} sent Caravan to restock shop items.`,
    forumcaravanunpack: (name: string) => `${name} unpacks the item from Caravan!`,
    forumscribe: 'Inscription is put at the Forum!',
    forumupd: 'There is some activity at the Forum',
  },
  /** The login screen's one-time notices. */
  loginNotice: {
    emailConfirmed: 'Your e-mail is confirmed. Log in to continue.',
  },
  /** The installable shell: offline, update and iOS banners. */
  pwa: {
    offline: 'You are offline',
    offlineDetail: 'Your balance and items are safe on the server. The game carries on when the connection is back.',
    update: 'A new version is ready.',
    reload: 'Reload',
    iosHint: 'Tap Share, then Add to Home Screen',
    dismiss: 'Dismiss',
  },
  //@@HUD@@
};
