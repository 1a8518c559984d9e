import React from 'react';
import { createComponent } from '@stencil/react-output-target/runtime';
import type { IonCheckbox as IonCheckboxType, IonRefresher as IonRefresherType, IonRefresherContent as IonRefresherContentType, IonToggle as IonToggleType } from '@ionic/react';
import { IonCheckbox as CheckboxElement, defineCustomElement as defineCheckbox } from '@ionic/core/components/ion-checkbox.js';
import { IonRefresher as RefresherElement, defineCustomElement as defineRefresher } from '@ionic/core/components/ion-refresher.js';
import { IonRefresherContent as RefresherContentElement, defineCustomElement as defineRefresherContent } from '@ionic/core/components/ion-refresher-content.js';
import { IonToggle as ToggleElement, defineCustomElement as defineToggle } from '@ionic/core/components/ion-toggle.js';

/**
 * Ionic components that only some screens use, wrapped here rather than taken from @ionic/react:
 * that package is one module, so anything imported from it anywhere lands in the first load.
 * Imported from this file, they arrive with the screens that use them. Same wrapper, same types.
 */
export const IonCheckbox = createComponent({
  tagName: 'ion-checkbox',
  elementClass: CheckboxElement,
  react: React,
  events: { onIonChange: 'ionChange', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement: defineCheckbox,
}) as unknown as typeof IonCheckboxType;

export const IonToggle = createComponent({
  tagName: 'ion-toggle',
  elementClass: ToggleElement,
  react: React,
  events: { onIonChange: 'ionChange', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement: defineToggle,
}) as unknown as typeof IonToggleType;

export const IonRefresher = createComponent({
  tagName: 'ion-refresher',
  elementClass: RefresherElement,
  react: React,
  events: { onIonRefresh: 'ionRefresh', onIonPull: 'ionPull', onIonStart: 'ionStart', onIonPullStart: 'ionPullStart', onIonPullEnd: 'ionPullEnd' },
  defineCustomElement: defineRefresher,
}) as unknown as typeof IonRefresherType;

export const IonRefresherContent = createComponent({
  tagName: 'ion-refresher-content',
  elementClass: RefresherContentElement,
  react: React,
  events: {},
  defineCustomElement: defineRefresherContent,
}) as unknown as typeof IonRefresherContentType;
