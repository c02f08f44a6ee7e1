/** English, shop part: the shops and the gDAO store. */
export const messages = {
  /** The shops and the gDAO store (spec 2 §2, §4). */
  shop: {
    mageShop: 'Mage Shop',
    eggShop: 'Egg Shop',
    gdaoStore: 'gDAO Store',
    surcharge: (bnb: string) => `+ ${bnb} BNB surcharge`,
    stock: (stock: number | null) => `Stock: ${stock === null ? 'many' : stock}`,
    loading: 'Loading shop...',
    restock: 'Locked for restock',
    success: 'Purchase complete',
    soldOut: 'Sold out',
    confirmEmailFirst: 'Confirm your e-mail first',
    approve: 'Approve purchase',
    buyWithGdao: 'Buy with gDAO',
    free: 'Free',
    empty: 'Nothing for sale right now',
  },
};
