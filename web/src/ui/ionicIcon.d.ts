// @ionic/core ships its own ion-icon (the one its input and item define) without a declaration;
// it is the ionicons component, so it takes that package's.
declare module '@ionic/core/components/ion-icon.js' {
  export { IonIcon, defineCustomElement } from 'ionicons/components/ion-icon.js';
}
