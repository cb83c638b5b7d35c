// The cart provider of the store pages. The cart lives in localStorage (it survives
// reloads and is shared by every tab through the `storage` event); it is read after
// mount, so the server-rendered HTML and the first client render always agree.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
} from "react";
import {
  addableQuantity,
  type CartAction,
  type CartItem,
  type CartState,
  cartCount,
  cartReducer,
  emptyCart,
  parseStoredCart,
  remainingStock,
} from "~/modules/orders";

export const CART_STORAGE_KEY = "agropet:carrinho:v1";
const CART_PROVIDER_ERROR = "useCart deve ser usado dentro de um CartProvider";

interface CartContextValue {
  state: CartState;
  /** False until the stored cart has been read (render counts only after that). */
  hydrated: boolean;
  count: number;
  /** Adds up to `quantidade` units, bounded by stock; returns how many went in. */
  add: (item: Omit<CartItem, "quantidade">, quantidade?: number) => number;
  remove: (id: string) => void;
  update: (id: string, quantidade: number) => void;
  clear: () => void;
  setCoupon: (cupom: string | null) => void;
  dispatch: (action: CartAction) => void;
  remaining: (id: string, estoque: number) => number;
}

const CartContext = createContext<CartContextValue | null>(null);

function readStorage(): CartState {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return emptyCart;
  }
}

export function CartProvider({ children }: { children: React.ReactNode }) {
  const [state, dispatch] = useReducer(cartReducer, emptyCart);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    dispatch({ type: "replace", state: readStorage() });
    setHydrated(true);
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) {
        dispatch({ type: "replace", state: readStorage() });
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  useEffect(() => {
    if (!hydrated) return;
    const value = JSON.stringify(state);
    try {
      if (window.localStorage.getItem(CART_STORAGE_KEY) !== value) {
        window.localStorage.setItem(CART_STORAGE_KEY, value);
      }
    } catch {
      // Private mode or a full storage: the cart still works for this page.
    }
  }, [state, hydrated]);

  const add = useCallback(
    (item: Omit<CartItem, "quantidade">, quantidade = 1) => {
      const n = addableQuantity(state, item.id, item.estoque, quantidade);
      if (n > 0) dispatch({ type: "add", item, quantidade: n });
      return n;
    },
    [state],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      state,
      hydrated,
      count: cartCount(state),
      add,
      remove: (id) => dispatch({ type: "remove", id }),
      update: (id, quantidade) => dispatch({ type: "update", id, quantidade }),
      clear: () => dispatch({ type: "clear" }),
      setCoupon: (cupom) => dispatch({ type: "setCoupon", cupom }),
      dispatch,
      remaining: (id, estoque) => remainingStock(state, id, estoque),
    }),
    [state, hydrated, add],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error(CART_PROVIDER_ERROR);
  return context;
}
