/**
 * English, core part: the texts of the entry screens, the app shell, the HUD's shared components, the HTTP
 * client, the machines and the installable shell. It is in the entry chunk; every other part loads with the
 * screens that show it (see ../../messages.ts). The spec's texts are exact requirements (spelling included:
 * "succesfull", "luves" are the spec's), so a change here is a change the e2e suite sees.
 */
export const messages = {
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
    /** index.html's <noscript>. */
    needsJavaScript: 'This game needs JavaScript.',
    precalculateGas: 'Precalculate transaction GAS',
    enterCryptonomics: 'Enter Cryptonomics',
    verificationSent: 'Verification e-mail sent.',
    confirmYourEmail: 'Confirm your e-mail',
    nothingToPrepare: 'Nothing to prepare',
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
  /** Login (spec 1 §2). */
  login: {
    forgot: 'Forgot password?',
    withPasskey: 'Log In with a passkey',
    passkeyFailed: 'The passkey did not log you in. Try again or use your password.',
    factorTitle: 'Second step',
    factorIntro: 'Enter the 6-digit code from your authenticator app.',
    code: 'Code',
    recoveryCode: 'Recovery code',
    useRecovery: 'Use a recovery code instead',
    useCode: 'Use an authenticator code instead',
    usePasskey: 'Use your passkey',
    verify: 'Verify',
    verifying: 'Checking…',
  },
  /** Registration (spec 1 §2). */
  register: {
    invitedBy: (name: string) => `Invited by ${name}`,
    nickname: 'Nickname',
    repeatPassword: 'Repeat Password',
    warning: 'Keep your password safe: it cannot be restored, only replaced through your e-mail.',
  },
  /** The referral landing (spec 1 §2). */
  referral: {
    invites: (name: string) => `${name} invites you to become a master of Cryptonomics.`,
  },
  /** The password reset request (spec 1 §2). */
  resetRequest: {
    title: 'Reset Password',
    submit: 'Send Reset Link',
    sent: 'If an account uses this e-mail, a link to choose a new password is on its way. Check your inbox.',
  },
  /** Choosing a new password (spec 1 §2). */
  newPassword: {
    title: 'New Password',
    confirmation: 'Password Confirmation',
    submit: 'Change Password',
    changed: 'Your password was changed. Log in with the new one.',
  },
  /** E-mail verification (spec 1 §2). */
  verify: {
    goToLogin: 'Go to Log In',
    apply: 'Apply KYC',
    already: 'This e-mail is already confirmed.',
    confirmed: 'E-mail confirmed. Taking you to Log In...',
  },
  /** Shared HUD components. */
  components: {
    copyAddress: 'Copy wallet address',
    loadingAddress: 'Loading address...',
    reminder: {
      label: 'E-mail not confirmed',
      after: 'with the link we sent, to grow your free egg.',
      resend: 'Send the link again',
    },
    previousEidol: 'Previous Eidol',
    nextEidol: 'Next Eidol',
    previousSlide: 'Previous slide',
    nextSlide: 'Next slide',
    slides: 'Slides',
    slideOf: (n: number, count: number, caption: string) => `Slide ${n} of ${count}: ${caption}`,
    previousMaster: 'Previous master',
    nextMaster: 'Next master',
    masterCaption: (skin: number | null, count: number) => `Master ${skin ?? ''} of ${count} · swipe to choose`,
    previousItem: 'Previous item',
    nextItem: 'Next item',
    lockedBanner: 'While the block is mined: read the Aeon news',
    qr: {
      label: 'Open on your phone',
      productForPhones: (product: string) => `${product} is made for phones.`,
      forPhones: 'This game is made for phones.',
      scan: 'Scan to open it on yours.',
      alt: 'QR code of this page',
      continueDesktop: 'Continue on desktop',
    },
    referral: {
      unknown: (code: string) =>
        `The invitation code “${code}” is not known. Check the link you were sent, or create an account without an invitation.`,
      unchecked:
        'The invitation could not be checked just now. Try the link again in a moment, or create an account without an invitation.',
      without: 'Create Account without invitation',
    },
    growingEgg: 'Growing egg...',
    closeToast: 'Close notification',
    openWallet: 'Open wallet',
    wallet: 'Wallet',
    purse: (name: string) => `${name} Purse`,
    senator: 'Senator',
    patricius: 'Patricius',
  },
};
